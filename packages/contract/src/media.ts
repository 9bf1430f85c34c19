import { z } from 'zod';
import { MEDIA_MESSAGES, MEDIA_PURPOSES } from './media.constants.ts';

/** `POST /api/media` (multipart): the `purpose` field beside the `file`. */
export const mediaPurposeSchema = z.enum(MEDIA_PURPOSES, { error: MEDIA_MESSAGES.purposeInvalid });

/** What an upload became: its address (for `mediaUrls` or `coverImage`), its kind and, for an image, its size. */
export const uploadedMediaSchema = z.object({
  url: z.string(),
  kind: z.enum(['image', 'pdf']),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;
