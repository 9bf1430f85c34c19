import { lazyModule } from '../../lib/lazy-module.ts';

const fzstd = lazyModule<typeof import('fzstd')>('fzstd');

// Zstandard (RFC 8878) decompression with bounds, for Anki 2.1.50+'s `collection.anki21b`. fzstd
// (pure JS) decodes; before it runs, the frames are walked (headers and block headers only, no
// decoding) so that a crafted file is refused without allocating or working much: at most
// ZSTD_OUTPUT_MAX bytes out, windows of at most 8 MiB (what every decoder is expected to support; Anki
// compresses at level 3, a 2 MiB window), no dictionaries, and a bound on the window copies fzstd's
// streaming decoder makes once per block (a frame of tiny blocks would otherwise take minutes).
// Any failure is `undefined`: the caller answers that the collection cannot be read.

/** 100 MiB: far above a real deck's collection (the package itself is at most 10 MB). */
export const ZSTD_OUTPUT_MAX = 100 * 1024 * 1024;
const WINDOW_MAX = 8 * 1024 * 1024;
/** Bytes fzstd may move in its window, summed over blocks: 100 MiB in full blocks of a 2 MiB window is 1.6 GiB. */
const WINDOW_WORK_MAX = 4 * 1024 * 1024 * 1024;
const MAGIC = 0xfd2fb528;
const BLOCK_MAX = 128 * 1024;

const u32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at] ?? 0) |
    ((bytes[at + 1] ?? 0) << 8) |
    ((bytes[at + 2] ?? 0) << 16) |
    ((bytes[at + 3] ?? 0) << 24)) >>>
  0;

/** Little-endian unsigned of `size` bytes (up to 8) as a number; past 2^53 it only needs to be big. */
function unsigned(bytes: Uint8Array, at: number, size: number): number {
  let value = 0;
  for (let k = size - 1; k >= 0; k--) value = value * 256 + (bytes[at + k] ?? 0);
  return value;
}

/** Checks every frame's header and block headers; false when the data is malformed or over a bound. */
function framesWithinBounds(data: Uint8Array): boolean {
  let at = 0;
  let output = 0;
  let work = 0;
  while (at < data.length) {
    if (at + 8 > data.length) return false;
    const magic = u32(data, at);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      // A skippable frame: 4 bytes of magic, 4 of size, then that many to skip.
      at += 8 + u32(data, at + 4);
      continue;
    }
    if (magic !== MAGIC) return false;
    const descriptor = data[at + 4] ?? 0;
    const fcsFlag = descriptor >> 6;
    const singleSegment = (descriptor >> 5) & 1;
    const hasChecksum = (descriptor >> 2) & 1;
    const dictionaryFlag = descriptor & 3;
    if (descriptor & 8 || dictionaryFlag !== 0) return false;
    at += 5;
    let window = 0;
    if (!singleSegment) {
      const windowByte = data[at++] ?? 0;
      const base = 2 ** (10 + (windowByte >> 3));
      window = base + (base / 8) * (windowByte & 7);
    }
    const fcsSize = fcsFlag === 0 ? singleSegment : 2 ** fcsFlag;
    const contentSize = fcsSize ? unsigned(data, at, fcsSize) + (fcsSize === 2 ? 256 : 0) : -1;
    at += fcsSize;
    if (singleSegment) window = contentSize;
    if (window > WINDOW_MAX || contentSize > ZSTD_OUTPUT_MAX) return false;
    for (let last = 0; !last; ) {
      if (at + 3 > data.length) return false;
      const header = unsigned(data, at, 3);
      last = header & 1;
      const type = (header >> 1) & 3;
      const size = header >>> 3;
      if (type === 3 || size > BLOCK_MAX) return false;
      // Raw and RLE blocks say what they produce; a compressed one produces at most a block.
      output += type === 2 ? 0 : size;
      work += window;
      if (output > ZSTD_OUTPUT_MAX || work > WINDOW_WORK_MAX) return false;
      at += 3 + (type === 1 ? 1 : size);
    }
    at += hasChecksum * 4;
    if (at > data.length) return false;
  }
  return true;
}

/** The decompressed bytes, or `undefined` when the data is not Zstandard, is corrupt or is too large. */
export function zstdDecompress(data: Uint8Array): Uint8Array | undefined {
  if (data.length === 0 || !framesWithinBounds(data)) return undefined;
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    const stream = new (fzstd().Decompress)((chunk) => {
      total += chunk.length;
      if (total > ZSTD_OUTPUT_MAX) throw new RangeError('zstd output over the limit');
      chunks.push(chunk);
    });
    stream.push(data, true);
  } catch {
    return undefined;
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
