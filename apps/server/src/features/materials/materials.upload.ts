import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ErrorCode,
  GROUP_ERROR_CODES,
  GROUP_MESSAGES,
  MATERIAL_MAX_BYTES,
  materialFieldsSchema,
} from '@estudai/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { hasNulCharacter } from '../../lib/text.ts';
import { StorageUnavailable, writing } from '../../plugins/storage.ts';
import { INVALID_TEXT_CODE, INVALID_TEXT_MESSAGE } from '../../plugins/text-input.ts';

// Receiving a material: the PDF is streamed to a temporary file (never held in memory), checked by
// its first bytes, and every failure removes what was written.

/** Multipart limits: one file of at most 20 MB and a few small text fields. */
export const MATERIAL_MULTIPART_LIMITS = {
  fileSize: MATERIAL_MAX_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 8 * 1024,
  parts: 8,
  headerPairs: 100,
};
/** Room for the form's boundaries, headers and text fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const PDF_MAGIC = Buffer.from('%PDF-');
const FILE_NAME_MAX = 150;

export const materialsDir = (dataDir: string) => path.join(dataDir, 'materials');
const TEMP_PREFIX = '.upload-';
/** Older than this, a temporary upload belongs to no request still running. */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

/** Removes temporary uploads a crashed process left behind (at start-up). */
export async function sweepStaleUploads(dataDir: string, now: number): Promise<void> {
  const dir = materialsDir(dataDir);
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.startsWith(TEMP_PREFIX))) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_UPLOAD_MS) await fs.promises.rm(file, { force: true });
  }
}

export interface ReceivedMaterial {
  fields: z.infer<typeof materialFieldsSchema>;
  /** A temporary file under materialsDir; the caller keeps it (rename) or removes it. */
  tempPath: string;
  fileName: string;
  fileSize: number;
}

const notPdf = () => badRequest(GROUP_MESSAGES.materialNotPdf, GROUP_ERROR_CODES.invalidFile);
const tooLarge = () => new AppError(413, ErrorCode.tooLarge, GROUP_MESSAGES.materialTooLarge);
const invalidForm = () => badRequest('O formulário enviado é inválido.');

/** The name the browser sent, without folders or control characters, ending in .pdf. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((char) => char > '\u001f' && char !== '\u007f' && char !== '"').join('');
  const cleaned = printable.trim().normalize('NFC');
  const stem = cleaned
    .replace(/\.pdf$/i, '')
    .slice(0, FILE_NAME_MAX - 4)
    .trim();
  return `${stem || 'material'}.pdf`;
}

interface WrittenFile {
  tempPath: string;
  size: number;
  isPdf: boolean;
  truncated: boolean;
  fileName: string;
}

/** Streams one file part to disk, noting whether it starts like a PDF; junk is drained, not kept. */
async function writePart(part: MultipartFile, dir: string): Promise<WrittenFile> {
  // An unwritable staging folder is the machine's fault: 503 (issue 37), not a bad form.
  await writing(dir, () => fs.promises.mkdir(dir, { recursive: true }));
  const tempPath = path.join(dir, `${TEMP_PREFIX}${randomBytes(12).toString('hex')}`);
  let head = Buffer.alloc(0);
  let isPdf: boolean | undefined;
  let size = 0;
  const sniff = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (isPdf === undefined) {
        head = Buffer.concat([head, chunk]).subarray(0, PDF_MAGIC.length);
        if (head.length === PDF_MAGIC.length) isPdf = head.equals(PDF_MAGIC);
      }
      // Once the bytes say "not a PDF", the rest is read (so the reply can be sent) but not stored.
      done(null, isPdf === false ? undefined : chunk);
    },
  });
  try {
    await writing(tempPath, () =>
      pipeline(part.file, sniff, fs.createWriteStream(tempPath, { flags: 'wx' })),
    );
  } catch (error) {
    await fs.promises.rm(tempPath, { force: true });
    throw error;
  }
  return {
    tempPath,
    size,
    isPdf: isPdf === true,
    truncated: part.file.truncated,
    fileName: cleanFileName(part.filename),
  };
}

function multipartError(error: unknown): unknown {
  if (error instanceof AppError || error instanceof StorageUnavailable) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return notPdf();
  return invalidForm();
}

/**
 * Reads `title`, `description` and one `file` from a multipart request, in any order. Throws 413
 * over 20 MB, 400 when the file is missing or is not a PDF, or a field is invalid; in every such
 * case no file is left behind.
 */
export async function receiveMaterial(request: FastifyRequest, dataDir: string): Promise<ReceivedMaterial> {
  if (Number(request.headers['content-length'] ?? 0) > MATERIAL_MAX_BYTES + FORM_OVERHEAD_BYTES) {
    throw tooLarge();
  }
  if (!request.isMultipart()) throw notPdf();
  const dir = materialsDir(dataDir);
  const fields: Record<string, string> = {};
  let file: WrittenFile | undefined;
  let fieldTooLong = false;
  const discard = async () => {
    if (file) await fs.promises.rm(file.tempPath, { force: true });
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !file) file = await writePart(part, dir);
        else part.file.resume();
      } else {
        fieldTooLong ||= part.valueTruncated;
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    }
    if (!file) throw notPdf();
    if (file.truncated) throw tooLarge();
    if (!file.isPdf) throw notPdf();
    if (fieldTooLong) throw badRequest(GROUP_MESSAGES.textTooLong, ErrorCode.validation);
    if (hasNulCharacter(fields) || hasNulCharacter(file.fileName)) {
      throw badRequest(INVALID_TEXT_MESSAGE, INVALID_TEXT_CODE);
    }
    const parsed = materialFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      throw badRequest(
        parsed.error.issues[0]?.message ?? GROUP_MESSAGES.materialTitleRequired,
        ErrorCode.validation,
      );
    }
    return { fields: parsed.data, tempPath: file.tempPath, fileName: file.fileName, fileSize: file.size };
  } catch (error) {
    await discard();
    throw multipartError(error);
  }
}
