import type { ForumComment, ForumTopic } from '@estudai/contract/constants';
import { GROUP_ID } from '../../../test/groups.ts';

export const FORUM_API = `/api/study-groups/${GROUP_ID}/forum`;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

export function makeForumComment(overrides: Partial<ForumComment> = {}): ForumComment {
  return {
    id: 'fc-1',
    authorId: 'u-carla',
    authorName: 'Carla Mendes',
    authorAvatar: null,
    content: 'Divida o deslocamento total pelo tempo total.',
    createdAt: hoursAgo(1),
    isLiked: false,
    likesCount: 0,
    moderation: null,
    ...overrides,
  };
}

export function makeTopic(overrides: Partial<ForumTopic> = {}): ForumTopic {
  return {
    id: 't-1',
    title: 'Como calcular a velocidade média?',
    content: 'Travei na questão 3 da lista de cinemática.\nAlguém explica?',
    authorId: 'u-bruno',
    authorName: 'Bruno Lima',
    authorAvatar: null,
    createdAt: hoursAgo(2),
    isPinned: false,
    isClosed: false,
    moderation: null,
    isLiked: false,
    likesCount: 2,
    repliesCount: 1,
    comments: [makeForumComment()],
    ...overrides,
  };
}

export const pinnedTopic = (overrides: Partial<ForumTopic> = {}) =>
  makeTopic({
    id: 't-pinned',
    title: 'Regras do fórum',
    content: 'Uma dúvida por tópico, com o enunciado completo.',
    authorId: 'u-carla',
    authorName: 'Carla Mendes',
    createdAt: hoursAgo(72),
    isPinned: true,
    likesCount: 5,
    repliesCount: 0,
    comments: [],
    ...overrides,
  });

/** A reply that arrives only when the test says so, to look at the screen while it is pending. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
