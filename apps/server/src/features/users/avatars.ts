import { randomBytes } from 'node:crypto';
import { AVATAR_MAX_BYTES, ErrorCode, USER_ERROR_CODES, USER_MESSAGES } from '@estudai/contract';
import { AppError, badRequest } from '../../lib/errors.ts';
import { MEDIA_PREFIX, mediaKey } from '../../plugins/media.ts';
import type { ObjectStore } from '../../plugins/storage.ts';

/** Larger images are refused before any pixel is decoded (decompression bombs). */
const AVATAR_MAX_PIXELS = 40_000_000;
const AVATAR_SIZE = 256;
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
// Markup inside an "image" means a polyglot meant to be read as a page or a script somewhere.
const MARKUP = /<(?:html|script|\?php|svg|!doctype|iframe|body|object|embed)[\s>/]/i;
const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const AVATAR_FILE = /^\/media\/avatars\/([a-f0-9]{32})\.webp$/;

const invalidImage = () => badRequest(USER_MESSAGES.avatarInvalid, USER_ERROR_CODES.invalidImage);
const tooLarge = () => new AppError(413, ErrorCode.tooLarge, USER_MESSAGES.avatarTooLarge);

/** The bytes of a `data:image/…;base64,…` URL, refusing more than 5 MB before decoding it. */
export function decodeDataUrl(dataUrl: string): Buffer {
  const prefix = DATA_URL.exec(dataUrl);
  if (!prefix) throw invalidImage();
  const base64 = dataUrl.slice(prefix[0].length).replace(/\s+/g, '');
  if (!BASE64.test(base64)) throw invalidImage();
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if ((base64.length / 4) * 3 - padding > AVATAR_MAX_BYTES) throw tooLarge();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw invalidImage();
  return bytes;
}

/**
 * Checks by its bytes that this is a raster image (not SVG, not markup dressed as a PNG, not
 * over 40 megapixels) and re-encodes it as a square 256 px WebP without metadata.
 */
export async function toAvatarWebp(bytes: Buffer): Promise<Buffer> {
  if (MARKUP.test(bytes.toString('latin1'))) throw invalidImage();
  // Loaded with the first image, not at every start (libvips: ~15 MiB; docs/performance.md).
  const { default: sharp } = await import('sharp');
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => {
      throw invalidImage();
    });
  // AVIF is reported as HEIF with AV1 inside; other HEIF (HEVC) is not decodable here.
  const isAvif = metadata.format === 'heif' && metadata.compression === 'av1';
  if (!isAvif && !RASTER_FORMATS.has(metadata.format)) throw invalidImage();
  const { width = 0, height = 0 } = metadata;
  if (width * height > AVATAR_MAX_PIXELS) {
    throw badRequest(USER_MESSAGES.avatarTooManyPixels, USER_ERROR_CODES.invalidImage);
  }
  try {
    return await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw invalidImage();
  }
}

/** Keeps the avatar under a random name in the store and returns its public address. */
export async function storeAvatar(storage: ObjectStore, webp: Buffer): Promise<string> {
  const relative = `avatars/${randomBytes(16).toString('hex')}.webp`;
  await storage.put(mediaKey(relative), webp, 'image/webp');
  return `${MEDIA_PREFIX}${relative}`;
}

/** The store key of an avatar we stored (`/media/avatars/x.webp` → `uploads/avatars/x.webp`). */
export const avatarKey = (url: string) => mediaKey(url.slice(MEDIA_PREFIX.length));

/** The address of an avatar's store key: the inverse of `avatarKey`. */
export const avatarUrl = (key: string) => `${MEDIA_PREFIX}${key.replace(/^uploads\//, '')}`;

/** The store key of an avatar address we stored; null for any other (a Google picture, nothing). */
export function storedAvatarKey(url: string | null): string | null {
  const name = url ? AVATAR_FILE.exec(url)?.[1] : undefined;
  return name ? mediaKey(`avatars/${name}.webp`) : null;
}

/** Deletes a just-stored avatar no profile came to hold (its save failed); other addresses are left alone. */
export async function removeAvatar(storage: ObjectStore, url: string | null): Promise<void> {
  const key = storedAvatarKey(url);
  if (key) await storage.delete(key);
}
