import type { Post, PostAuthor, PostComment } from '@estudai/contract/constants';

export const author: PostAuthor = {
  id: 'u-carla',
  displayName: 'Carla Mendes',
  username: 'carla.mendes',
  avatar: null,
  userType: 'professor',
  isVerified: true,
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function makePost(overrides: Partial<Post> = {}): Post {
  return {
    id: 'p-1',
    type: 'text',
    content: 'Bom dia, turma!',
    studyGroupId: null,
    author,
    createdAt: minutesAgo(5),
    mediaUrls: [],
    commentsCount: 0,
    sharesCount: 0,
    likesCount: 0,
    isLiked: false,
    isSaved: false,
    editedAt: null,
    ...overrides,
    // Checked and ok (issue 43) unless a test says otherwise.
    media: overrides.media ?? (overrides.mediaUrls ?? []).map((url) => ({ url, sensitivity: 'ok' as const })),
  };
}

export const questionPost = (overrides: Partial<Post> = {}) =>
  makePost({
    id: 'p-question',
    type: 'question',
    content: '',
    questionData: {
      question: 'Qual organela produz ATP?',
      options: ['Ribossomo', 'Mitocôndria', 'Lisossomo', 'Golgi'],
    },
    viewerAnswer: null,
    ...overrides,
  });

export const pollPost = (overrides: Partial<Post> = {}) =>
  makePost({
    id: 'p-poll',
    type: 'poll',
    content: '',
    pollData: {
      question: 'Qual matéria revisar hoje?',
      options: [
        { text: 'Física', votes: 1 },
        { text: 'Química', votes: 3 },
      ],
      totalVotes: 4,
      expiresAt: null,
    },
    viewerVote: null,
    ...overrides,
  });

export const quizPost = (overrides: Partial<Post> = {}) =>
  makePost({
    id: 'p-quiz',
    type: 'question_set',
    content: '',
    questionSetData: {
      title: 'Revisão de Química',
      questions: [
        { question: 'Símbolo do sódio?', options: ['S', 'Na', 'So', 'Sd'] },
        { question: 'pH neutro?', options: ['0', '7', '14', '1'] },
      ],
    },
    viewerQuizAttempt: null,
    ...overrides,
  });

export function makeComment(overrides: Partial<PostComment> = {}): PostComment {
  return {
    id: 'c-1',
    postId: 'p-1',
    parentId: null,
    content: 'Ótima pergunta!',
    createdAt: minutesAgo(10),
    editedAt: null,
    likesCount: 0,
    isLiked: false,
    author: { ...author, id: 'u-ana', displayName: 'Ana Souza', username: 'ana.souza', userType: 'aluno' },
    replies: [],
    ...overrides,
  };
}

export const page = <T>(data: T[], hasMore = false, nextCursor: string | null = null) => ({
  status: 200,
  body: { data, hasMore, nextCursor },
});
