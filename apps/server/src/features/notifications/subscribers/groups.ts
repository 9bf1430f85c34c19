import type { AppContext } from '../../../context.ts';
import type { DomainEvents } from '../../../events/domain-events.ts';
import type { AfterCommit } from '../../../events/events.ts';
import { studyDay } from '../../../lib/study-days.ts';
import { deliver, notify } from '../notifications.service.ts';
import { findGroupAndActorNames, notificationsById, upsertGroupNews } from './groups.queries.ts';

/** What happened in a group that its members hear of ('Novidades em …'). */
type GroupNews = DomainEvents['group.contentAdded']['news'] | 'deactivated';

interface NewsInput {
  groupId: string;
  actorId: string;
  news: GroupNews;
}

const WHAT: Record<Exclude<GroupNews, 'deactivated'>, string> = {
  post: 'publicou um novo post',
  forum_topic: 'abriu um novo tópico no fórum',
  material: 'enviou um novo material',
  video: 'adicionou um novo vídeo',
};

const pathOf = (groupId: string, news: GroupNews) =>
  news === 'forum_topic' ? `/study-groups/${groupId}/forum` : `/study-groups/${groupId}`;

/** What the groups' events tell people (events/domain-events.ts, 'groups'). */
export function subscribeGroupsNotifications(ctx: AppContext): void {
  // Group news: once the change committed (durably, through the outbox), the fan-out is queued as
  // a job that runs after the reply, in the background, and is tried again if it fails.
  const queueNews =
    (input: NewsInput): AfterCommit =>
    () =>
      ctx.tasks.run('group-news', () => ctx.jobs.send('groups.news', input));
  ctx.events.subscribe('group.contentAdded', 'notifications.group-news', async (_tx, event) =>
    queueNews({ groupId: event.groupId, actorId: event.actorId, news: event.news }),
  );
  ctx.events.subscribe('group.deactivated', 'notifications.group-news', async (_tx, event) =>
    queueNews({ groupId: event.groupId, actorId: event.actorId, news: 'deactivated' }),
  );
  ctx.jobs.define('groups.news', (input) => fanOutGroupNews(ctx, input as NewsInput));

  // Someone joined: the owner hears of it, in the join's transaction.
  ctx.events.on('group.memberJoined', async (tx, event) => {
    const row = await notify(tx, {
      userId: event.ownerId,
      actorId: event.memberId,
      type: 'study_group',
      title: 'Novo membro no grupo',
      message: `${event.memberName} entrou no grupo ${event.groupName}.`,
      actionUrl: `/study-groups/${event.groupId}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });

  // An invitation opens the group's page (where one joins or subscribes); inviting again tells once.
  ctx.events.on('group.memberInvited', async (tx, event) => {
    const row = await notify(tx, {
      userId: event.inviteeId,
      actorId: event.ownerId,
      type: 'group_invite',
      title: 'Convite para grupo de estudo',
      message: `${event.ownerName} convidou você para o grupo ${event.groupName}.`,
      actionUrl: `/study-groups/${event.groupId}`,
      dedupeKey: `group_invite:${event.groupId}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });
}

/**
 * Tells the group's current members (not the one who did it, not those who muted the group, nobody
 * across a block with them) of new content, in one statement however big the group. A busy group
 * does not flood anyone: all of a group's news of one Brasília day is one notification per member,
 * which counts them ('3 novidades hoje') and comes back unread with the latest one.
 */
async function fanOutGroupNews(ctx: AppContext, input: NewsInput): Promise<void> {
  const { db } = ctx.database;
  const group = await findGroupAndActorNames(db, input.groupId, input.actorId);
  if (!group) return;
  const ids = await upsertGroupNews(db, {
    groupId: input.groupId,
    actorId: input.actorId,
    title: `Novidades em ${group.name}`,
    latest:
      input.news === 'deactivated'
        ? 'O grupo foi desativado pelo professor. Seu acesso ao conteúdo continua.'
        : `${group.actorName} ${WHAT[input.news]}.`,
    actionUrl: pathOf(input.groupId, input.news),
    dedupeKey: `group-news:${input.groupId}:${studyDay(ctx.clock())}`,
  });
  if (ids.length === 0) return;
  deliver(ctx, await notificationsById(db, ids));
}
