import type { Tx } from '../../db/client.ts';
import { countMainFeedPosts } from './achievements.queries.ts';
import { notify } from './notifications.service.ts';

// Achievements (issue 7): each is earned once per person — its dedupe key makes a second award a
// no-op — and arrives like any other notification, live and by push.

export const ACHIEVEMENTS = {
  firstCorrectAnswer: {
    key: 'achievement:first-correct-answer',
    title: 'Conquista desbloqueada! 🏆',
    message: 'Você acertou sua primeira questão. Continue assim!',
  },
  studyStreak: {
    key: 'achievement:study-streak-7',
    title: 'Conquista desbloqueada! 🔥',
    message: 'Você estudou 7 dias seguidos. Que sequência!',
  },
  tenPosts: {
    key: 'achievement:posts-10',
    title: 'Conquista desbloqueada! ✍️',
    message: 'Você publicou 10 posts. Obrigado por compartilhar com a comunidade!',
  },
} as const;

export const STUDY_STREAK_ACHIEVEMENT_DAYS = 7;
const POSTS_ACHIEVEMENT_COUNT = 10;

type Achievement = (typeof ACHIEVEMENTS)[keyof typeof ACHIEVEMENTS];

/** Records the achievement in the caller's transaction; pass the row to `deliver` after commit. */
export function award(tx: Tx, userId: string, achievement: Achievement) {
  return notify(tx, {
    userId,
    type: 'achievement',
    title: achievement.title,
    message: achievement.message,
    actionUrl: '/profile',
    dedupeKey: achievement.key,
  });
}

/** The tenth post on the main feed earns one (counted in the post's own transaction). */
export async function awardPostMilestone(tx: Tx, authorId: string) {
  if ((await countMainFeedPosts(tx, authorId)) < POSTS_ACHIEVEMENT_COUNT) return undefined;
  return award(tx, authorId, ACHIEVEMENTS.tenPosts);
}
