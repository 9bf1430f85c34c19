import type { AppContext } from '../../../context.ts';
import { studyDay } from '../../../lib/study-days.ts';
import { deliver, notify, publishCountsAfterCommit } from '../notifications.service.ts';

const profileUrl = (userId: string) => `/user/${userId}`;

/**
 * What people are told when others follow them, ask to connect or answer them (users' events),
 * recorded in the change's transaction; delivered live, with the badges, once it commits.
 */
export function subscribeUsersNotifications(ctx: AppContext): void {
  // Only a follow that is new is told, at most once a (Brasília) day per follower: unfollow and
  // follow again on the same day says nothing twice.
  ctx.events.on('follow.created', async (tx, event) => {
    const row = await notify(tx, {
      userId: event.followingId,
      actorId: event.followerId,
      type: 'follow',
      title: 'Novo seguidor',
      message: `${event.followerName} começou a seguir você.`,
      actionUrl: profileUrl(event.followerId),
      dedupeKey: `follow:${event.followerId}:${studyDay(new Date(event.at))}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });

  // A follow request is told once (its own dedupe key); a connection request only moves the badge.
  ctx.events.on('connection.requested', async (tx, event) => {
    if (event.kind === 'follow') {
      const row = await notify(tx, {
        userId: event.toUserId,
        actorId: event.fromUserId,
        type: 'follow',
        title: 'Pedido para seguir',
        message: `${event.fromName} quer seguir você. Aprove ou recuse em Solicitações.`,
        actionUrl: '/notifications',
        dedupeKey: `follow-request:${event.requestId}`,
      });
      ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
    }
    publishCountsAfterCommit(ctx, tx, event.toUserId);
  });

  // An accepted request tells the requester; either way the answerer's badge moves.
  ctx.events.on('connection.answered', async (tx, event) => {
    if (event.accepted) {
      const name = event.toName;
      const row = await notify(tx, {
        userId: event.fromUserId,
        actorId: event.toUserId,
        type: 'follow',
        title: event.kind === 'follow' ? 'Pedido aceito' : 'Conexão aceita',
        message:
          event.kind === 'follow'
            ? `${name} aprovou seu pedido. Agora você segue ${name}.`
            : `${name} aceitou sua solicitação. Agora vocês podem conversar!`,
        actionUrl: profileUrl(event.toUserId),
        dedupeKey: `connection-accepted:${event.requestId}`,
      });
      ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
    }
    publishCountsAfterCommit(ctx, tx, event.toUserId);
  });

  ctx.events.on('connection.withdrawn', async (tx, event) => {
    publishCountsAfterCommit(ctx, tx, event.toUserId);
  });

  // The requests a block removed leave their recipients' badges.
  ctx.events.on('block.created', async (tx, event) => {
    for (const userId of event.requestsRemovedFor) publishCountsAfterCommit(ctx, tx, userId);
  });
}
