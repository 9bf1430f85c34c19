import { createHash } from 'node:crypto';
import {
  ErrorCode,
  IMPORT_MAX_QUESTIONS,
  IMPORT_MESSAGES,
  type ImportFormat,
  type ImportItem,
  MEDIA_MESSAGES,
  QUIZ_QUESTIONS_MAX,
  QUIZ_TITLE_MAX,
  type QuestionImportFields,
  type QuestionImportPreview,
  type QuestionImportStatus,
} from '@estudai/contract';
import { groupAccess, importRefusal } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { StoredQuestion } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { ImportedImages } from '../../plugins/media.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { parseAiken } from './aiken.format.ts';
import { parseCsv } from './csv.format.ts';
import { parseGift } from './gift.format.ts';
import {
  deleteImportedPosts,
  findDoneImportOf,
  findImport,
  finishImport,
  type ImportedPostValues,
  type ImportRow,
  insertImport,
  insertImportedPosts,
  leavePreview,
  recordProgress,
} from './imports.queries.ts';
import { parseMoodleXml } from './moodle-xml.format.ts';
import { FormatError, type ParseResult, type RawQuestion, validateQuestions } from './parsed.ts';

// Importing questions (issue 42): the file is parsed and checked at once (the preview, stored), the
// teacher confirms, and a durable job creates the posts in short transactions that move the
// progress; a job that fails takes back every post it made, so a failed import creates nothing.

/**
 * Questions a job transaction creates before the progress moves. Small: on the embedded database
 * (one connection) a request waits for the transaction under way, so each is short, and the job
 * yields between them (bench:import measures /api/health during a 500-question import).
 */
const CHUNK = 10;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ReceivedImport {
  fields: QuestionImportFields;
  bytes: Buffer;
  fileName: string;
}

/** Who may import where, decided before the file is read when the account alone refuses it. */
export function requireImporter(viewer: SessionUser): void {
  const refusal = importRefusal({ userType: viewer.userType, group: null });
  if (refusal) throw forbidden(refusal);
}

async function requireTarget(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string | undefined,
): Promise<void> {
  if (!groupId) return;
  const access = await groupAccess(ctx.database.db, groupId, viewer.id, ctx.clock());
  const refusal = importRefusal({ userType: viewer.userType, group: { manages: access.canManage } });
  if (refusal) throw forbidden(refusal);
}

function parse(format: ImportFormat, text: string): ParseResult {
  switch (format) {
    case 'moodle_xml':
      return parseMoodleXml(text);
    case 'gift':
      return parseGift(text);
    case 'aiken':
      return parseAiken(text);
    case 'csv':
      return parseCsv(text);
  }
}

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(IMPORT_MESSAGES.notText, ErrorCode.validation);
  }
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A `<file>`'s bytes, or the pt-BR reason it cannot be one (missing, not base64, empty). */
function decodeImage(base64: string | null): Buffer | string {
  if (base64 === null) return IMPORT_MESSAGES.imageMissing;
  const compact = base64.replace(/\s+/g, '');
  if (!BASE64.test(compact) || compact.length % 4 === 1) return IMPORT_MESSAGES.imageUnreadable;
  const bytes = Buffer.from(compact, 'base64');
  return bytes.length === 0 ? IMPORT_MESSAGES.imageUnreadable : bytes;
}

/**
 * Issue 42: each question's embedded image is stored at once as the importer's own upload, through
 * the photos' checks (type by its bytes, 10 MB, pixels) and the image check, so the preview shows it
 * and the job only attaches it. A question whose image is missing or unreadable is an error line,
 * not imported. Answers the items kept (with `imageUrl`), their errors, and the addresses stored.
 */
async function storeImages(
  ctx: AppContext,
  images: ImportedImages,
  ownerId: string,
  items: ImportItem[],
  sources: RawQuestion[],
): Promise<{ items: ImportItem[]; errors: { line: number; message: string }[]; stored: string[] }> {
  const kept: ImportItem[] = [];
  const errors: { line: number; message: string }[] = [];
  const byName = new Map<string, string>();
  try {
    for (const [index, item] of items.entries()) {
      const source = sources[index];
      const image = source?.image;
      if (!source || !image) {
        kept.push(item);
        continue;
      }
      let url = byName.get(image.name);
      if (!url) {
        const bytes = decodeImage(image.base64);
        if (typeof bytes === 'string') {
          errors.push({ line: source.line, message: bytes });
          continue;
        }
        try {
          url = await images.store(ownerId, 'post_image', bytes);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const message =
            error.statusCode === 413
              ? IMPORT_MESSAGES.imageTooLarge
              : error.message === MEDIA_MESSAGES.tooManyPixels
                ? IMPORT_MESSAGES.imageTooManyPixels
                : IMPORT_MESSAGES.imageUnreadable;
          errors.push({ line: source.line, message });
          continue;
        }
        byName.set(image.name, url);
      }
      kept.push({ ...item, imageUrl: url });
    }
  } catch (error) {
    await releaseImages(ctx, images, [...byName.values()]);
    throw error;
  }
  return { items: kept, errors, stored: [...byName.values()] };
}

/** The images of an import that will never hold a question (failed, or already imported) go. */
async function releaseImages(ctx: AppContext, images: ImportedImages, urls: string[]): Promise<void> {
  if (urls.length === 0) return;
  await ctx.events.transaction((tx) => images.release(tx, urls));
}

const imageUrlsOf = (items: ImportItem[]) => [
  ...new Set(items.flatMap((item) => (item.imageUrl ? [item.imageUrl] : []))),
];

/** Parses and checks the file; stores the preview (and the questions' images). No question is created yet. */
export async function previewImport(
  ctx: AppContext,
  viewer: SessionUser,
  received: ReceivedImport,
  images: ImportedImages,
): Promise<QuestionImportPreview> {
  requireImporter(viewer);
  const { format, groupId, as } = received.fields;
  await requireTarget(ctx, viewer, groupId);
  let parsed: ParseResult;
  try {
    parsed = parse(format, decodeText(received.bytes));
  } catch (error) {
    if (error instanceof FormatError) throw badRequest(error.message, ErrorCode.validation);
    throw error;
  }
  if (parsed.questions.length + parsed.errors.length > IMPORT_MAX_QUESTIONS) {
    throw badRequest(IMPORT_MESSAGES.tooManyQuestions, ErrorCode.validation);
  }
  if (parsed.questions.length + parsed.errors.length === 0) {
    throw badRequest(IMPORT_MESSAGES.noQuestions, ErrorCode.validation);
  }
  const checked = validateQuestions(parsed);
  const withImages = await storeImages(ctx, images, viewer.id, checked.items, checked.sources);
  const items = withImages.items;
  const errors = [...checked.errors, ...withImages.errors].sort((a, b) => a.line - b.line);
  const fileHash = createHash('sha256').update(received.bytes).digest('hex');
  const studyGroupId = groupId ?? null;
  const already = await findDoneImportOf(ctx.database.db, { ownerId: viewer.id, studyGroupId, fileHash });
  let row: ImportRow;
  try {
    row = await insertImport(ctx.database.db, {
      ownerId: viewer.id,
      studyGroupId,
      format,
      importAs: as,
      fileHash,
      fileName: received.fileName,
      items,
      errors,
      total: items.length,
      createdAt: ctx.clock(),
    });
  } catch (error) {
    await releaseImages(ctx, images, withImages.stored);
    throw error;
  }
  return { id: row.id, status: 'preview', items, errors, duplicates: already ? items.length : 0 };
}

async function ownImport(ctx: AppContext, viewer: SessionUser, id: string): Promise<ImportRow> {
  const row = isUuid(id) ? await findImport(ctx.database.db, id) : null;
  if (!row || row.ownerId !== viewer.id) throw notFound(IMPORT_MESSAGES.notFound);
  return row;
}

const toStatus = (row: ImportRow): QuestionImportStatus => ({
  id: row.id,
  status: row.status,
  done: row.done,
  total: row.total,
  created: row.createdPostIds.length,
  groupId: row.studyGroupId,
});

export async function importStatus(ctx: AppContext, viewer: SessionUser, id: string) {
  return toStatus(await ownImport(ctx, viewer, id));
}

/**
 * The teacher confirms: the job is queued. The same file already imported into the same place is
 * skipped (done, nothing created: 'já importadas').
 */
export async function confirmImport(
  ctx: AppContext,
  viewer: SessionUser,
  id: string,
  images: ImportedImages,
) {
  const row = await ownImport(ctx, viewer, id);
  if (row.status !== 'preview') throw conflict(IMPORT_MESSAGES.notPreview);
  if (row.items.length === 0) throw badRequest(IMPORT_MESSAGES.nothingToImport, ErrorCode.validation);
  const { db } = ctx.database;
  const duplicate = await findDoneImportOf(db, {
    ownerId: row.ownerId,
    studyGroupId: row.studyGroupId,
    fileHash: row.fileHash,
  });
  const next = await leavePreview(db, id, duplicate ? 'done' : 'running', ctx.clock());
  if (!next) throw conflict(IMPORT_MESSAGES.notPreview);
  // Skipped: the images this preview stored will hold nothing.
  if (duplicate) await releaseImages(ctx, images, imageUrlsOf(row.items));
  if (!duplicate) await ctx.jobs.send('imports.run', { importId: id }, { singletonKey: id });
  return toStatus(next);
}

interface Unit {
  values: ImportedPostValues;
  questions: number;
  createdAt?: Date;
}

/** The stored question: the item the contract checked, without the category it came from. */
function storedOf(item: ImportItem): StoredQuestion {
  const { category: _category, ...question } = item;
  return question;
}

/** One quiz per category (a file without categories: one, named after the file), 100 questions at most each. */
function quizUnits(row: ImportRow): Unit[] {
  const fallback = row.fileName.replace(/\.[^.]+$/, '').trim() || 'Questões importadas';
  const byCategory = new Map<string, ImportItem[]>();
  for (const item of row.items) {
    const title = item.category ?? fallback;
    byCategory.set(title, [...(byCategory.get(title) ?? []), item]);
  }
  const units: Unit[] = [];
  for (const [title, items] of byCategory) {
    for (let start = 0; start < items.length; start += QUIZ_QUESTIONS_MAX) {
      const part = items.slice(start, start + QUIZ_QUESTIONS_MAX);
      const suffix = items.length > QUIZ_QUESTIONS_MAX ? ` (parte ${start / QUIZ_QUESTIONS_MAX + 1})` : '';
      units.push({
        questions: part.length,
        values: {
          type: 'question_set',
          content: '',
          studyGroupId: row.studyGroupId,
          // The quiz holds its questions' images: served by the posts' rule, gone with the post.
          mediaUrls: imageUrlsOf(part),
          questionSetData: {
            title: `${title.slice(0, QUIZ_TITLE_MAX - suffix.length)}${suffix}`,
            questions: part.map(storedOf),
          },
        },
      });
    }
  }
  return units;
}

function unitsOf(row: ImportRow): Unit[] {
  if (row.importAs === 'quiz') return quizUnits(row);
  return row.items.map((item) => ({
    values: {
      type: 'question',
      content: '',
      questionData: storedOf(item),
      studyGroupId: row.studyGroupId,
      mediaUrls: item.imageUrl ? [item.imageUrl] : [],
    },
    questions: 1,
  }));
}

/**
 * The job: creates the posts a chunk at a time from where the last try stopped; on any failure
 * removes what it made and marks the import failed (never retried into half an import).
 */
export async function runImport(ctx: AppContext, importId: string, images: ImportedImages): Promise<void> {
  const row = await findImport(ctx.database.db, importId);
  if (row?.status !== 'running') return;
  try {
    let reached = 0;
    let lastPostId: string | undefined;
    let chunk: Unit[] = [];
    const flush = async () => {
      const units = chunk;
      chunk = [];
      if (units.length === 0) return;
      await ctx.events.transaction(async (tx) => {
        const ids = await insertImportedPosts(
          tx,
          units.map((unit) => ({
            ...unit.values,
            authorId: row.ownerId,
            createdAt: unit.createdAt ?? ctx.clock(),
          })),
        );
        lastPostId = ids.at(-1) ?? lastPostId;
        const questions = units.reduce((sum, unit) => sum + unit.questions, 0);
        await recordProgress(tx, row.id, questions, ids);
      });
      await nextTurn();
    };
    let pending = 0;
    // A millisecond apart, in the file's order (a resumed try starts from a later instant).
    const start = ctx.clock().getTime();
    for (const [index, unit] of unitsOf(row).entries()) {
      reached += unit.questions;
      if (reached <= row.done) continue;
      chunk.push({ ...unit, createdAt: new Date(start + index) });
      pending += unit.questions;
      if (pending >= CHUNK) {
        await flush();
        pending = 0;
      }
    }
    await flush();
    await ctx.events.transaction(async (tx) => {
      await finishImport(tx, row.id, 'done', ctx.clock());
      // The group's members hear of it once; a main-feed import moves the kept feed pages.
      if (row.studyGroupId) {
        await ctx.events.emit(tx, 'group.contentAdded', {
          groupId: row.studyGroupId,
          actorId: row.ownerId,
          news: 'post',
        });
      } else if (lastPostId) {
        const postId = lastPostId;
        const at = ctx.clock().toISOString();
        ctx.events.afterCommit(tx, () =>
          ctx.bus.publish('post.created', { postId, authorId: row.ownerId, studyGroupId: null, at }),
        );
      }
    });
  } catch (error) {
    ctx.log.error({ err: error, importId }, 'question import failed; removing what it created');
    await ctx.events.transaction(async (tx) => {
      const current = await findImport(tx, importId);
      await deleteImportedPosts(tx, current?.createdPostIds ?? []);
      // The questions' images go too: a failed import leaves no file behind.
      await images.release(tx, imageUrlsOf(row.items));
      await finishImport(tx, importId, 'failed', ctx.clock());
    });
  }
}

export const tooLarge = () => new AppError(413, ErrorCode.tooLarge, IMPORT_MESSAGES.tooLarge);
