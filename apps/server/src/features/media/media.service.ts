import {
  ErrorCode,
  MEDIA_ERROR_CODES,
  MEDIA_IMAGE_MAX_SIDE,
  MEDIA_MESSAGES,
  type MediaPurpose,
  type UploadedMedia,
} from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { MediaFolder } from '../../plugins/media.ts';
import { insertUpload } from './media.queries.ts';
import { storeMediaFile } from './media.storage.ts';

/** Larger images are refused before any pixel is decoded (decompression bombs). */
const MAX_PIXELS = 40_000_000;
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
// Markup inside an "image" means a polyglot meant to be read as a page or a script somewhere.
const MARKUP = /<(?:html|script|\?php|svg|!doctype|iframe|body|object|embed)[\s>/]/i;
const PDF_MAGIC = Buffer.from('%PDF-');

const notImage = () => badRequest(MEDIA_MESSAGES.notImage, MEDIA_ERROR_CODES.invalidFile);
const notPdf = () => badRequest(MEDIA_MESSAGES.notPdf, MEDIA_ERROR_CODES.invalidFile);
export const mediaTooLarge = () => new AppError(413, ErrorCode.tooLarge, MEDIA_MESSAGES.tooLarge);

/** `POST /api/media`'s purposes, and an imported Anki card's image (issue 42, stored by the import only). */
type UploadPurpose = MediaPurpose | 'card_image';

const FOLDERS: Record<UploadPurpose, MediaFolder> = {
  card_image: 'cards',
  post_image: 'posts',
  post_attachment: 'attachments',
  group_cover: 'covers',
  essay_image: 'essays',
  resolution_image: 'resolutions',
};

/**
 * Checks by its bytes that this is a raster image (not SVG, not markup dressed as a PNG, not over
 * 40 megapixels), turns it upright, shrinks it to 2048 px on its long side at most and re-encodes
 * it as WebP; sharp writes no metadata (EXIF, GPS, ICC) unless asked, so none is kept.
 */
async function toStoredImage(bytes: Buffer): Promise<{ webp: Buffer; width: number; height: number }> {
  if (MARKUP.test(bytes.toString('latin1'))) throw notImage();
  // Loaded with the first image, not at every start (libvips: ~15 MiB; docs/performance.md).
  const { default: sharp } = await import('sharp');
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => {
      throw notImage();
    });
  // AVIF is reported as HEIF with AV1 inside; other HEIF (HEVC) is not decodable here.
  const isAvif = metadata.format === 'heif' && metadata.compression === 'av1';
  if (!isAvif && !RASTER_FORMATS.has(metadata.format)) throw notImage();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PIXELS) {
    throw badRequest(MEDIA_MESSAGES.tooManyPixels, MEDIA_ERROR_CODES.invalidFile);
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(MEDIA_IMAGE_MAX_SIDE, MEDIA_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { webp: data, width: info.width, height: info.height };
  } catch {
    throw notImage();
  }
}

/** A PDF, checked as group materials are: by its first bytes, whatever its name or declared type. */
function checkPdf(bytes: Buffer): void {
  if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw notPdf();
  if (MARKUP.test(bytes.subarray(0, 1024).toString('latin1'))) throw notPdf();
}

/**
 * `POST /api/media`: stores one file for its purpose, records who sent it (issue 37: a post takes
 * only its author's uploads; the person's files are exported and erased with them) and answers
 * where it is.
 */
export async function uploadMedia(
  ctx: AppContext,
  uploaderId: string,
  purpose: UploadPurpose,
  bytes: Buffer,
): Promise<UploadedMedia> {
  const { publicUrl } = ctx.config;
  const store = async (extension: 'webp' | 'pdf', content: Buffer) => {
    const file = await storeMediaFile(ctx.storage, publicUrl, FOLDERS[purpose], extension, content);
    try {
      await insertUpload(ctx.database.db, file.key, uploaderId, purpose);
    } catch (error) {
      await ctx.storage.delete(file.key);
      throw error;
    }
    return file.url;
  };
  if (purpose === 'post_attachment') {
    checkPdf(bytes);
    return { url: await store('pdf', bytes), kind: 'pdf', sensitivity: 'ok' };
  }
  const image = await toStoredImage(bytes);
  const url = await store('webp', image.webp);
  // Issue 43: the image check runs off the request path; the image is 'pending' (blurred) until then.
  queueImageCheck(ctx);
  return { url, kind: 'image', width: image.width, height: image.height, sensitivity: 'pending' };
}

function queueImageCheck(ctx: AppContext): void {
  ctx.jobs.send('media.check-images', {}).catch((error: unknown) => {
    ctx.log.error({ err: error }, 'image check not queued (the periodic pass will take it)');
  });
}

/**
 * Issue 43: an avatar the profile stored (`user.avatarStored`) is recorded as an upload, so the image
 * check looks at it, its file follows the image rule, and the person's files list it.
 */
export async function checkStoredAvatar(ctx: AppContext, tx: Tx, key: string, userId: string): Promise<void> {
  await insertUpload(tx, key, userId, 'avatar');
  ctx.events.afterCommit(tx, () => queueImageCheck(ctx));
}
