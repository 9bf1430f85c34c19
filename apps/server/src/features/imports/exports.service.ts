import { type ExportFormat, IMPORT_MESSAGES, type ImportItem } from '@estudai/contract';
import {
  canExportGroupQuestions,
  groupAccess,
  imageViewer,
  questionImagesOf,
  simuladoAccess,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { StoredQuestion } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';
import { uploadKeyOf } from '../../plugins/media.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { StoredObjectMissing } from '../../plugins/storage.ts';
import { type EmbeddedImage, toGift, toMoodleXml } from './export.formats.ts';
import { listQuestionPosts, listSimuladoQuestions } from './imports.queries.ts';

// Taking questions out (issue 42): a group's (its teachers), one's own, or a simulado's (whoever
// manages it), as Moodle XML or GIFT files that import back to the same questions.

export interface ExportFile {
  body: string;
  contentType: string;
  fileName: string;
}

const asItem = (question: StoredQuestion & { category?: string | undefined }): ImportItem => ({
  question: question.question,
  options: question.options,
  correctAnswer: question.correctAnswer,
  ...(question.explanation ? { explanation: question.explanation } : {}),
  ...(question.subject ? { subject: question.subject as ImportItem['subject'] } : {}),
  ...(question.topic ? { topic: question.topic } : {}),
  ...(question.exam ? { exam: question.exam as ImportItem['exam'] } : {}),
  ...(question.year ? { year: question.year } : {}),
  ...(question.category ? { category: question.category } : {}),
  ...(question.imageUrl ? { imageUrl: question.imageUrl } : {}),
});

/**
 * Issue 42: the questions' images (their exporter's uploads, as stored: WebP) read back from the
 * store for Moodle XML, each once, named `imagem-<n>.webp`. One no longer kept, or one the image
 * rule keeps from the exporter (a minor and a sensitive image), is left out.
 */
async function imagesOf(
  ctx: AppContext,
  viewer: SessionUser,
  items: ImportItem[],
): Promise<Map<string, EmbeddedImage>> {
  const { publicUrl } = ctx.config;
  const shown = await questionImagesOf(ctx.database.db, publicUrl, imageViewer(viewer, ctx.clock()), items);
  const images = new Map<string, EmbeddedImage>();
  for (const item of items) {
    const url = item.imageUrl;
    const key = url && shown.get(url)?.url ? uploadKeyOf(publicUrl, url) : null;
    if (!url || !key || images.has(url)) continue;
    try {
      const file = await ctx.storage.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
      images.set(url, {
        name: `imagem-${images.size + 1}.webp`,
        base64: Buffer.concat(chunks).toString('base64'),
      });
    } catch (error) {
      if (!(error instanceof StoredObjectMissing)) throw error;
    }
  }
  return images;
}

async function fileOf(
  ctx: AppContext,
  viewer: SessionUser,
  format: ExportFormat,
  items: ImportItem[],
  stem: string,
): Promise<ExportFile> {
  if (format === 'gift')
    return { body: toGift(items), contentType: 'text/plain; charset=utf-8', fileName: `${stem}.gift.txt` };
  return {
    body: toMoodleXml(items, await imagesOf(ctx, viewer, items)),
    contentType: 'application/xml; charset=utf-8',
    fileName: `${stem}.xml`,
  };
}

export async function exportQuestions(
  ctx: AppContext,
  viewer: SessionUser,
  query: { format: ExportFormat; groupId?: string | undefined },
): Promise<ExportFile> {
  const { db } = ctx.database;
  if (query.groupId) {
    const access = await groupAccess(db, query.groupId, viewer.id, ctx.clock());
    if (!canExportGroupQuestions({ manages: access.canManage, isAdmin: viewer.userType === 'admin' })) {
      throw forbidden(IMPORT_MESSAGES.exportGroupForbidden);
    }
  }
  const rows = await listQuestionPosts(
    db,
    query.groupId ? { groupId: query.groupId } : { authorId: viewer.id },
  );
  const items = rows.flatMap((row) => {
    if (row.type === 'question' && row.questionData) return [asItem(row.questionData)];
    const set = row.questionSetData;
    return set
      ? set.questions.map((question) => asItem({ ...question, category: set.title || undefined }))
      : [];
  });
  return fileOf(ctx, viewer, query.format, items, query.groupId ? 'questoes-do-grupo' : 'minhas-questoes');
}

export async function exportSimulado(
  ctx: AppContext,
  viewer: SessionUser,
  simuladoId: string,
): Promise<ExportFile> {
  const { db } = ctx.database;
  const access = await simuladoAccess(db, simuladoId, viewer);
  if (!access.canManage) throw forbidden(IMPORT_MESSAGES.simuladoExportForbidden);
  const questions = await listSimuladoQuestions(db, simuladoId);
  const items = questions.map((question) => asItem({ ...question, category: access.simulado.title }));
  return fileOf(ctx, viewer, 'moodle_xml', items, 'simulado');
}
