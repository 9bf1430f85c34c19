import { SIMULADO_MESSAGES, type SimuladoProgressEvent } from '@estudai/contract';
import { simuladoAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { isUuid } from '../../lib/uuid.ts';
import { countInProgress, findUserRow } from './simulados.queries.ts';

// What moves live while a simulado runs: the count of takers in progress, to every socket watching
// the simulado (a room joined on request, for who may see it), and each participant's progress, to
// the group owner's and the creator's own rooms. With REDIS_URL the rooms span every process.

const simuladoRoom = (simuladoId: string) => `simulado:${simuladoId}`;

/** Sends the current 'N pessoas fazendo agora' to the simulado's watchers. */
export async function publishLiveCount(ctx: AppContext, simuladoId: string): Promise<void> {
  const inProgress = (await countInProgress(ctx.database.db, [simuladoId], ctx.clock())).get(simuladoId) ?? 0;
  ctx.realtime.toRoom(simuladoRoom(simuladoId), 'simulado:live', { simuladoId, inProgress });
}

/** A participant's progress, to the group owner and the simulado's creator (once if they are the same). */
export function publishProgress(
  ctx: AppContext,
  organizers: { ownerId: string; createdBy: string },
  progress: SimuladoProgressEvent,
): void {
  for (const userId of new Set([organizers.ownerId, organizers.createdBy])) {
    ctx.realtime.toUser(userId, 'simulado:progress', progress);
  }
}

/** Socket payloads are whatever a client sends: an id must be a UUID string. */
const isId = (value: unknown): value is string => typeof value === 'string' && isUuid(value);

export function registerSimuladoSocket(ctx: AppContext): void {
  ctx.realtime.onConnection((socket) => {
    socket.on('simulado:watch', async (simuladoId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      try {
        if (!isId(simuladoId)) throw new Error('invalid id');
        const user = await findUserRow(ctx.database.db, socket.data.userId);
        if (!user || user.suspendedAt) throw new Error('no user');
        await simuladoAccess(ctx.database.db, simuladoId, user);
        await socket.join(simuladoRoom(simuladoId));
        const counts = await countInProgress(ctx.database.db, [simuladoId], ctx.clock());
        reply({ ok: true, inProgress: counts.get(simuladoId) ?? 0 });
      } catch {
        reply({ ok: false, error: SIMULADO_MESSAGES.notFound });
      }
    });

    socket.on('simulado:unwatch', (simuladoId) => {
      if (isId(simuladoId)) void socket.leave(simuladoRoom(simuladoId));
    });
  });
}
