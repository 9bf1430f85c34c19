import { z } from 'zod';
import { pageOf, pageQuerySchema } from './api.ts';
import { studyGroupSchema } from './groups.ts';
import { postSchema } from './posts.ts';
import { SEARCH_MESSAGES as M, SEARCH_QUERY_MAX, SEARCH_TYPES } from './search.constants.ts';
import { bankQuestionSchema } from './study.ts';
import { userSummarySchema } from './users.ts';

/** `GET /api/search?q=&type=people|posts|groups|questions&cursor=` (type: people by default). */
export const searchQuerySchema = z.object({
  q: z.string({ error: M.queryEmpty }).trim().min(1, M.queryEmpty).max(SEARCH_QUERY_MAX, M.queryTooLong),
  type: z.enum(SEARCH_TYPES, { error: M.typeInvalid }).default('people'),
  cursor: z.string().max(300, M.cursorInvalid).optional(),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/**
 * `GET /api/users/{id}/followers|following?q=`: the list narrowed to names and @usernames holding
 * every word of `q`, without accents or case (the '@' suggestions of the post box ask it).
 */
export const followsQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(SEARCH_QUERY_MAX, M.queryTooLong).optional(),
  /**
   * Issue 36, the group's 'Convidar': leaves out who is already in this group (owner, co-teachers,
   * current members). Only whoever manages the group may ask it (403 otherwise).
   */
  notInGroup: z.uuid(M.groupInvalid).optional(),
});
export type FollowsQuery = z.infer<typeof followsQuerySchema>;

/** One page of results of the asked type; `nextCursor` asks for the next one. */
export const searchPeoplePageSchema = pageOf(userSummarySchema);
export const searchPostsPageSchema = pageOf(postSchema);
export const searchGroupsPageSchema = pageOf(studyGroupSchema);
export const searchQuestionsPageSchema = pageOf(bankQuestionSchema);
export const searchPageSchema = z.union([
  searchPeoplePageSchema,
  searchPostsPageSchema,
  searchGroupsPageSchema,
  searchQuestionsPageSchema,
]);

/** `GET /api/search/trending-tags`: the main feed's most used hashtags of the last 7 days (folded, no '#'). */
export const trendingTagSchema = z.object({
  tag: z.string(),
  postsCount: z.number().int().min(1),
});
export type TrendingTag = z.infer<typeof trendingTagSchema>;
