import { z } from 'zod';
import { decodeSignedCursor, encodeSignedCursor, signedCursorKey } from '../../lib/signed-cursor.ts';

// Keyset positions of the study lists, signed (lib/signed-cursor.ts): a bank cursor cannot be
// replayed against the caderno, nor altered.

const bankPosition = z.object({
  k: z.literal('bank'),
  t: z.iso.datetime(),
  p: z.guid(),
  i: z.number().int(),
});
const notebookPosition = z.object({ k: z.literal('notebook'), t: z.iso.datetime(), id: z.guid() });

export interface BankPosition {
  createdAt: Date;
  postId: string;
  questionIndex: number;
}

export const encodeBankCursor = (dataDir: string, at: BankPosition) =>
  encodeSignedCursor(signedCursorKey(dataDir), {
    k: 'bank',
    t: at.createdAt.toISOString(),
    p: at.postId,
    i: at.questionIndex,
  });

export function decodeBankCursor(dataDir: string, cursor: string): BankPosition {
  const at = decodeSignedCursor(signedCursorKey(dataDir), cursor, bankPosition);
  return { createdAt: new Date(at.t), postId: at.p, questionIndex: at.i };
}

export const encodeNotebookCursor = (dataDir: string, at: { createdAt: Date; id: string }) =>
  encodeSignedCursor(signedCursorKey(dataDir), { k: 'notebook', t: at.createdAt.toISOString(), id: at.id });

export function decodeNotebookCursor(dataDir: string, cursor: string): { createdAt: Date; id: string } {
  const at = decodeSignedCursor(signedCursorKey(dataDir), cursor, notebookPosition);
  return { createdAt: new Date(at.t), id: at.id };
}
