import type { AppContext } from '../../context.ts';
import type { DomainEvents } from '../../events/domain-events.ts';

/**
 * Tells the group's members of new content (the 'groups.news' job, defined by
 * notifications/subscribers/groups.ts), after the reply, in the background.
 *
 * @deprecated Emit 'group.contentAdded' in the change's transaction instead (events/domain-events.ts):
 * forum, materials and videos do. Kept until posts does too.
 */
export function announceGroupNews(ctx: AppContext, input: DomainEvents['group.contentAdded']): void {
  ctx.tasks.run('group-news', () => ctx.jobs.send('groups.news', input));
}
