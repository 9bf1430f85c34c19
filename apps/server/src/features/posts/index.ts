// The posts feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { firstAnswersTo, recordFirstAnswers } from './answers.queries.ts';
export { setCommentHidden } from './comments.queries.ts';
export { commentsRoutes } from './comments.routes.ts';
export { findReportableComment } from './comments.service.ts';
export { FeedCache } from './feed-cache.ts';
export { optionSharesOf } from './option-shares.ts';
export { setStoredAnswerKey } from './post-edit.queries.ts';
export { sharedPostMeta } from './post-share.service.ts';
export { seedDemoPosts } from './posts.demo.ts';
export { setPostHidden } from './posts.queries.ts';
export { postsRoutes } from './posts.routes.ts';
export {
  findReportablePost,
  listTrendingHashtags,
  type PostMatch,
  searchPosts,
  toQuestionData,
} from './posts.service.ts';
