import { z } from 'zod';
import {
  MEDIA_DECISIONS,
  MEDIA_MESSAGES,
  MEDIA_PURPOSES,
  MEDIA_SENSITIVITIES,
  STORED_IMAGE_PURPOSES,
} from './media.constants.ts';

/** `POST /api/media` (multipart): the `purpose` field beside the `file`. */
export const mediaPurposeSchema = z.enum(MEDIA_PURPOSES, { error: MEDIA_MESSAGES.purposeInvalid });

/** Issue 43: what the image check (or a moderator) said of an image. */
export const mediaSensitivitySchema = z.enum(MEDIA_SENSITIVITIES);

/** What an upload became: its address (for `mediaUrls` or `coverImage`), its kind and, for an image, its size. */
export const uploadedMediaSchema = z.object({
  url: z.string(),
  kind: z.enum(['image', 'pdf']),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** An image starts 'pending' (its check runs in the background); a PDF is 'ok'. */
  sensitivity: mediaSensitivitySchema,
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

/**
 * One image of a reply as this viewer may see it: `url` is null when it is not for them (a minor
 * and a sensitive or blocked image; anyone but its uploader and a blocked one). `pending` and
 * `sensitive` are shown blurred until a tap.
 */
export const shownMediaSchema = z.object({ url: z.string().nullable(), sensitivity: mediaSensitivitySchema });
export type ShownMedia = z.infer<typeof shownMediaSchema>;

/** The model's five scores (0–1) of an image: drawing, hentai, neutral, porn, sexy. */
export const imageScoresSchema = z.object({
  drawing: z.number(),
  hentai: z.number(),
  neutral: z.number(),
  porn: z.number(),
  sexy: z.number(),
});
export type ImageScores = z.infer<typeof imageScoresSchema>;

/** `GET /api/admin/images`: a sensitive or blocked image for moderators, oldest first. */
export const moderatedImageSchema = z.object({
  key: z.string(),
  url: z.string(),
  uploaderId: z.string(),
  purpose: z.enum(STORED_IMAGE_PURPOSES),
  sensitivity: mediaSensitivitySchema,
  scores: imageScoresSchema.nullable(),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ModeratedImage = z.infer<typeof moderatedImageSchema>;

/** `POST /api/admin/images/{key}/decide`. */
export const decideImageSchema = z.object({
  sensitivity: z.enum(MEDIA_DECISIONS, { error: MEDIA_MESSAGES.decisionInvalid }),
});
export type DecideImageInput = z.infer<typeof decideImageSchema>;
