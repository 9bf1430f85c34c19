import { SIMULADO_MESSAGES, type SimuladoProgress } from '@estudai/contract';
import { simuladoAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { attemptEnded, attemptFinishedAt } from './simulados.present.ts';
import { countQuestions, listParticipants } from './simulados.queries.ts';

/**
 * `GET /api/simulados/{id}/progress`, for its organizers: each participant's answered count (never
 * which answers), in the order they started; `simulado:progress` events update it live.
 */
export async function getProgress(
  ctx: AppContext,
  viewer: SessionUser,
  simuladoId: string,
): Promise<SimuladoProgress> {
  const { db } = ctx.database;
  const access = await simuladoAccess(db, simuladoId, viewer);
  if (!access.canManage) throw forbidden(SIMULADO_MESSAGES.progressForbidden);
  const id = access.simulado.id;
  const [rows, counts] = await Promise.all([listParticipants(db, id), countQuestions(db, [id])]);
  const total = counts.get(id) ?? 0;
  const now = ctx.clock();
  const participants = rows.map(({ attempt, displayName }) => {
    const finishedAt = attemptFinishedAt(attempt, now);
    return {
      userId: attempt.userId,
      displayName,
      answered: attempt.answeredCount,
      total,
      finished: finishedAt !== null,
      startedAt: attempt.startedAt.toISOString(),
      endsAt: attempt.endsAt.toISOString(),
      finishedAt: finishedAt ? finishedAt.toISOString() : null,
      ...(attempt.onPaper ? { onPaper: true } : {}),
    };
  });
  return {
    simuladoId: id,
    total,
    inProgress: rows.filter(({ attempt }) => !attemptEnded(attempt, now)).length,
    participants,
  };
}
