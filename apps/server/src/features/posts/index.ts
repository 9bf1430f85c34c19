// The posts feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { firstAnswersTo, recordFirstAnswers } from './answers.service.ts';
export { commentsRoutes } from './comments.routes.ts';
export { findReportableComment, setCommentHidden } from './comments.service.ts';
export { FeedCache } from './feed-cache.ts';
export { sharedPostMeta } from './post-share.service.ts';
export { seedDemoPosts } from './posts.demo.ts';
export { postsRoutes } from './posts.routes.ts';
export {
  findReportablePost,
  listTrendingHashtags,
  type PostMatch,
  searchPosts,
  setPostHidden,
  toAuthor,
  toQuestionData,
} from './posts.service.ts';
