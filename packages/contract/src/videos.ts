import { z } from 'zod';
import { isHttpUrl } from './api.constants.ts';
import { httpUrlSchema, pageQuerySchema } from './api.ts';
import { VIDEO_CATEGORIES } from './constants.ts';
import {
  VIDEO_CATEGORY_VALUES,
  VIDEO_DESCRIPTION_MAX,
  VIDEO_DURATION_MAX,
  VIDEO_LINK_TITLE_MAX,
  VIDEO_LINK_TYPES,
  VIDEO_LINKS_MAX,
  VIDEO_MESSAGES,
  VIDEO_SEARCH_MAX,
  VIDEO_TITLE_MAX,
  VIDEO_URL_MAX,
  type VideoCategory,
} from './videos.constants.ts';

// The video library and group videos (spec §1, §2 '/videos' and '/study-groups/{groupId}/videos/{videoId}',
// §3 Group video and Video list item, §5, §7, §9).

const videoCategoryEnum = VIDEO_CATEGORY_VALUES as [VideoCategory, ...VideoCategory[]];

/** An http(s) link or nothing: '' and null both mean none. */
const optionalHttpUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(VIDEO_URL_MAX, message)
    .refine((value) => value === '' || isHttpUrl(value), message)
    .transform((value) => value || null)
    .nullable();

export const videoLinkInputSchema = z.strictObject({
  title: z
    .string({ error: VIDEO_MESSAGES.linkTitleRequired })
    .trim()
    .min(1, VIDEO_MESSAGES.linkTitleRequired)
    .max(VIDEO_LINK_TITLE_MAX, VIDEO_MESSAGES.linkTitleTooLong),
  url: httpUrlSchema(VIDEO_MESSAGES.linkUrlInvalid),
  type: z.enum(VIDEO_LINK_TYPES, { error: VIDEO_MESSAGES.linkTypeInvalid }).default('link'),
});
export type VideoLinkInput = z.input<typeof videoLinkInputSchema>;

const videoFields = {
  title: z
    .string({ error: VIDEO_MESSAGES.titleRequired })
    .trim()
    .min(1, VIDEO_MESSAGES.titleRequired)
    .max(VIDEO_TITLE_MAX, VIDEO_MESSAGES.titleTooLong),
  description: z
    .string({ error: VIDEO_MESSAGES.descriptionTooLong })
    .trim()
    .max(VIDEO_DESCRIPTION_MAX, VIDEO_MESSAGES.descriptionTooLong),
  category: z.enum(videoCategoryEnum, { error: VIDEO_MESSAGES.categoryInvalid }),
  videoUrl: httpUrlSchema(VIDEO_MESSAGES.videoUrlInvalid),
  /** Null: the YouTube thumbnail of the video, when it is one. */
  thumbnail: optionalHttpUrl(VIDEO_MESSAGES.thumbnailInvalid),
  /** Seconds. */
  duration: z
    // NaN only comes from a form's text that is no duration ('abc', '1:75').
    .number({
      error: (issue) =>
        Number.isNaN(issue.input) ? VIDEO_MESSAGES.durationTyped : VIDEO_MESSAGES.durationInvalid,
    })
    .int(VIDEO_MESSAGES.durationInvalid)
    .min(0, VIDEO_MESSAGES.durationInvalid)
    .max(VIDEO_DURATION_MAX, VIDEO_MESSAGES.durationInvalid),
  links: z
    .array(videoLinkInputSchema, { error: VIDEO_MESSAGES.linksTooMany })
    .max(VIDEO_LINKS_MAX, VIDEO_MESSAGES.linksTooMany),
  isVisible: z.boolean(),
};

/** `POST /api/study-groups/{groupId}/videos` (group owner only); the add dialog resolves with it too. */
export const createVideoInputSchema = z.strictObject({
  ...videoFields,
  description: videoFields.description.default(''),
  thumbnail: videoFields.thumbnail.default(null),
  duration: videoFields.duration.default(0),
  links: videoFields.links.default([]),
  isVisible: videoFields.isVisible.default(true),
});
export type CreateVideoInput = z.input<typeof createVideoInputSchema>;
export type CreateVideoValues = z.output<typeof createVideoInputSchema>;

/** `PATCH /api/study-groups/{groupId}/videos/{videoId}` (group owner only): any field; `isVisible` hides. */
export const updateVideoInputSchema = z.strictObject(videoFields).partial();
export type UpdateVideoInput = z.input<typeof updateVideoInputSchema>;
export type UpdateVideoValues = z.output<typeof updateVideoInputSchema>;

/** `GET /api/videos?search=&category=&page=&limit=`: category 'all' (or none) means no filter. */
export const videoListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(VIDEO_SEARCH_MAX, VIDEO_MESSAGES.searchTooLong).default(''),
  category: z.enum(VIDEO_CATEGORIES, { error: VIDEO_MESSAGES.categoryInvalid }).default('all'),
});
export type VideoListQuery = z.input<typeof videoListQuerySchema>;

export const videoLinkSchema = z.object({
  title: z.string(),
  url: z.string(),
  type: z.enum(VIDEO_LINK_TYPES),
});
export type VideoLink = z.infer<typeof videoLinkSchema>;

const videoAdvertiserSchema = z.object({ displayName: z.string(), avatar: z.string().nullable() });

/** §3 Group video, with its group's card and whether the viewer may watch it. */
export const groupVideoSchema = z.object({
  id: z.string(),
  studyGroupId: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(videoCategoryEnum),
  /** Null for viewers who may not watch (non-members of a paid group). */
  videoUrl: z.string().nullable(),
  thumbnail: z.string().nullable(),
  /** Seconds. */
  duration: z.number().int(),
  views: z.number().int(),
  isVisible: z.boolean(),
  uploadedBy: z.string(),
  /** Advertiser links; null for viewers who may not watch. */
  links: z.array(videoLinkSchema).nullable(),
  createdAt: z.string(),
  group: z.object({
    id: z.string(),
    name: z.string(),
    isPaid: z.boolean(),
    /** Cents of BRL. */
    price: z.number().int(),
    advertiser: videoAdvertiserSchema,
  }),
  /** The owner or a current member, in free and paid groups alike (decision 013). */
  canWatch: z.boolean(),
});
export type GroupVideo = z.infer<typeof groupVideoSchema>;

/** §3 Video list item: a card of the library. */
export const videoListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(videoCategoryEnum),
  thumbnail: z.string().nullable(),
  duration: z.number().int(),
  views: z.number().int(),
  createdAt: z.string(),
  group: z.object({ id: z.string(), name: z.string(), advertiser: videoAdvertiserSchema }),
});
export type VideoListItem = z.infer<typeof videoListItemSchema>;
