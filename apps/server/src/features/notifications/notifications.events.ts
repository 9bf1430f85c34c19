import type { AppContext } from '../../context.ts';
import { ACHIEVEMENTS, award } from './achievements.service.ts';
import { deliver } from './notifications.service.ts';
import { subscribeEssaysNotifications } from './subscribers/essays.ts';
import { subscribeForumNotifications } from './subscribers/forum.ts';
import { subscribeGroupsNotifications } from './subscribers/groups.ts';
import { subscribeGuardiansNotifications } from './subscribers/guardians.ts';
import { subscribeModerationNotifications } from './subscribers/moderation.ts';
import { subscribePaymentsNotifications } from './subscribers/payments.ts';
import { subscribePostsNotifications } from './subscribers/posts.ts';
import { subscribePrivacyNotifications } from './subscribers/privacy.ts';
import { subscribeQuestionReportsNotifications } from './subscribers/question-reports.ts';
import { subscribeReportsNotifications } from './subscribers/reports.ts';
import { subscribeResolutionsNotifications } from './subscribers/resolutions.ts';
import { subscribeSimuladosNotifications } from './subscribers/simulados.ts';
import { subscribeStudyNotifications } from './subscribers/study.ts';
import { subscribeTeachingNotifications } from './subscribers/teaching.ts';
import { subscribeUsersNotifications } from './subscribers/users.ts';

/**
 * The notifications other features' events make (events/domain-events.ts): nobody calls them. Each
 * emitting feature's events have a file in subscribers/, registered here.
 */
export function subscribeNotifications(ctx: AppContext): void {
  // The first correct answer (a post, the bank or a quiz; a simulado's closing earns none) is an achievement.
  ctx.events.subscribe('question.answered', 'notifications.first-correct-answer', async (tx, event) => {
    if (event.source === 'simulado' || !event.answers.some((answer) => answer.isCorrect)) return undefined;
    const row = await award(tx, event.userId, ACHIEVEMENTS.firstCorrectAnswer);
    return () => deliver(ctx, [row]);
  });
  // One line per emitting feature, alphabetical: subscribe<Feature>Notifications(ctx) from ./subscribers/<feature>.ts.
  subscribeEssaysNotifications(ctx);
  subscribeForumNotifications(ctx);
  subscribeGroupsNotifications(ctx);
  subscribeGuardiansNotifications(ctx);
  subscribePaymentsNotifications(ctx);
  subscribePostsNotifications(ctx);
  subscribePrivacyNotifications(ctx);
  subscribeQuestionReportsNotifications(ctx);
  subscribeReportsNotifications(ctx);
  subscribeModerationNotifications(ctx);
  subscribeResolutionsNotifications(ctx);
  subscribeSimuladosNotifications(ctx);
  subscribeStudyNotifications(ctx);
  subscribeTeachingNotifications(ctx);
  subscribeUsersNotifications(ctx);
}
