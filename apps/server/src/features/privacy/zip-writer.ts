import { once } from 'node:events';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { lazyModule } from '../../lib/lazy-module.ts';

const fflate = lazyModule<typeof import('fflate')>('fflate');

export interface ZipEntry {
  name: string;
  data: string;
}

/** A file to store as it is, read from its stream (a stored object, a file on disk). */
export interface ZipFile {
  name: string;
  stream: Readable;
}

/**
 * Writes a ZIP (fflate, streamed): text entries compressed, files (images and PDFs, already
 * compressed) stored as they are and read in chunks, never whole in memory. Answers its size.
 */
export async function writeZip(
  target: string,
  entries: ZipEntry[],
  files: Iterable<ZipFile> | AsyncIterable<ZipFile>,
): Promise<number> {
  const out = fs.createWriteStream(target);
  let size = 0;
  let failure: Error | null = null;
  const finished = new Promise<void>((resolve, reject) => {
    out.on('error', reject);
    out.on('finish', resolve);
  });
  const { Zip, ZipDeflate, ZipPassThrough } = fflate();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      out.destroy(error);
      return;
    }
    size += chunk.length;
    out.write(chunk);
    if (final) out.end();
  });
  const encoder = new TextEncoder();
  for (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: 6 });
    zip.add(file);
    file.push(encoder.encode(entry.data), true);
  }
  for await (const { stream, name } of files) {
    const file = new ZipPassThrough(name);
    zip.add(file);
    for await (const chunk of stream) {
      file.push(chunk as Uint8Array);
      // Let the file stream drain before reading on, so a large PDF never piles up in memory.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    file.push(new Uint8Array(0), true);
  }
  zip.end();
  await finished;
  if (failure) throw failure;
  return size;
}
