import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { awardPostMilestone } from '../achievements.service.ts';
import { deliver, type NotifyInput, notify } from '../notifications.service.ts';
import { likeNotification } from './posts.queries.ts';

// What posts' events tell people (events/domain-events.ts, 'posts'): each in the event's own
// transaction (a like's in its one statement: decision 067), so a notification exists exactly when
// the post, comment or like does; delivered live once it commits.

type Row = Awaited<ReturnType<typeof notify>>;

const commentUrl = (postId: string, commentId: string) => `/post/${postId}/comments/${commentId}`;
const postUrl = (postId: string) => `/post/${postId}/comments`;
const preview = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** Each mentioned person (not one of `skip`) gets one 'mention' for this text. */
async function notifyMentions(
  tx: Tx,
  actor: { id: string; name: string },
  text: string,
  mentionedIds: string[],
  base: Omit<NotifyInput, 'userId' | 'type' | 'title' | 'message'>,
  skip: string[],
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const id of mentionedIds) {
    if (skip.includes(id)) continue;
    rows.push(
      await notify(tx, {
        ...base,
        userId: id,
        actorId: actor.id,
        type: 'mention',
        title: 'Você foi mencionado',
        message: `${actor.name} mencionou você: “${preview(text)}”`,
      }),
    );
  }
  return rows;
}

export function subscribePostsNotifications(ctx: AppContext): void {
  // A comment tells the post's author; a reply also tells the comment's author; @mentions tell those named.
  ctx.events.on('comment.created', async (tx, event) => {
    const url = commentUrl(event.postId, event.commentId);
    const actor = { id: event.actorId, name: event.actorName };
    const rows: Row[] = [];
    if (event.readerIds.includes(event.postAuthorId)) {
      rows.push(
        await notify(tx, {
          userId: event.postAuthorId,
          actorId: actor.id,
          type: 'comment',
          title: 'Novo comentário',
          message: `${actor.name} comentou no seu post: “${preview(event.content)}”`,
          actionUrl: url,
          dedupeKey: `comment:${event.commentId}`,
        }),
      );
    }
    const { parentAuthorId } = event;
    if (parentAuthorId && parentAuthorId !== event.postAuthorId && event.readerIds.includes(parentAuthorId)) {
      rows.push(
        await notify(tx, {
          userId: parentAuthorId,
          actorId: actor.id,
          type: 'comment',
          title: 'Nova resposta',
          message: `${actor.name} respondeu ao seu comentário: “${preview(event.content)}”`,
          actionUrl: url,
          dedupeKey: `reply:${event.commentId}`,
        }),
      );
    }
    const alreadyTold = [event.postAuthorId, ...(parentAuthorId ? [parentAuthorId] : [])];
    rows.push(
      ...(await notifyMentions(
        tx,
        actor,
        event.content,
        event.mentionedIds,
        { actionUrl: url, dedupeKey: `mention:${event.commentId}` },
        alreadyTold,
      )),
    );
    ctx.events.afterCommit(tx, () => deliver(ctx, rows));
  });

  // A new post's @mentions, and the tenth post on the main feed earns an achievement.
  ctx.events.on('post.created', async (tx, event) => {
    const rows = await notifyMentions(
      tx,
      { id: event.authorId, name: event.authorName },
      event.content,
      event.mentionedIds,
      { actionUrl: postUrl(event.postId), dedupeKey: `mention:${event.postId}` },
      [],
    );
    rows.push(await awardPostMilestone(tx, event.authorId));
    ctx.events.afterCommit(tx, () => deliver(ctx, rows));
  });

  // A new like tells the post's author once, however often it is liked, unliked and liked again: in
  // the like's own statement (decision 067).
  ctx.events.onStatement('post.liked', {
    write: likeNotification,
    after: (ids) =>
      deliver(
        ctx,
        ids.map((id) => ({ id })),
      ),
  });
}
