import { z } from 'zod';
import {
  EXPORT_FORMATS,
  IMPORT_FORMATS,
  IMPORT_MESSAGES,
  IMPORT_STATUSES,
  IMPORT_TARGETS,
} from './imports.constants.ts';
import { questionMetaShape } from './question-meta.ts';

/** The text fields of `POST /api/question-imports` (multipart, beside `file`). */
export const questionImportFieldsSchema = z.object({
  format: z.enum(IMPORT_FORMATS, { error: IMPORT_MESSAGES.formatInvalid }),
  groupId: z.uuid(IMPORT_MESSAGES.groupForbidden).optional(),
  as: z.enum(IMPORT_TARGETS, { error: IMPORT_MESSAGES.targetInvalid }).default('questions'),
});
export type QuestionImportFields = z.infer<typeof questionImportFieldsSchema>;

/** One question as it will be created. */
export const importItemSchema = z.object({
  question: z.string(),
  options: z.array(z.string()),
  correctAnswer: z.number().int(),
  explanation: z.string().optional(),
  ...questionMetaShape,
  /** The Moodle (or GIFT) category the question sits in; a quiz per category. */
  category: z.string().optional(),
  /**
   * Issue 42: the image a Moodle question embeds (`<file>` in its statement), already stored as the
   * importer's own upload and checked like a post photo; the question shows it beside its text.
   */
  imageUrl: z.string().optional(),
});
export type ImportItem = z.infer<typeof importItemSchema>;

/** Something in the file that will not be imported: where (line, or question number) and why. */
export const importErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;

export const questionImportPreviewSchema = z.object({
  id: z.string(),
  status: z.literal('preview'),
  items: z.array(importItemSchema),
  errors: z.array(importErrorSchema),
  /** How many of the items this target already received from the same file ('já importadas'). */
  duplicates: z.number().int(),
});
export type QuestionImportPreview = z.infer<typeof questionImportPreviewSchema>;

export const questionImportStatusSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  done: z.number().int(),
  total: z.number().int(),
  created: z.number().int(),
  groupId: z.string().nullable(),
});
export type QuestionImportStatus = z.infer<typeof questionImportStatusSchema>;

export const questionExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: IMPORT_MESSAGES.exportFormatInvalid }),
  groupId: z.uuid(IMPORT_MESSAGES.exportGroupForbidden).optional(),
});

export const simuladoExportQuerySchema = z.object({
  format: z.literal('moodle_xml', { error: IMPORT_MESSAGES.exportFormatInvalid }),
});
