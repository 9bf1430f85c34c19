import {
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  QUESTION_OPTIONS_MAX,
  QUESTION_OPTIONS_MIN,
} from './constants.ts';

// The limits, texts and labels of posts, without zod (the schemas are in posts.ts), so the
// screens can import them through `@estudai/contract/constants` without loading zod.
export const POST_TYPES = ['text', 'question', 'poll', 'question_set', 'photo', 'attachment'] as const;
export type PostType = (typeof POST_TYPES)[number];

export const POST_CONTENT_MAX = 5_000;
export const QUESTION_TEXT_MAX = 1_000;
export const OPTION_TEXT_MAX = 300;
export const EXPLANATION_MAX = 2_000;
export const MEDIA_URLS_MAX = 10;
/** A photo's description for screen readers (its alt text, issue 36). */
export const MEDIA_ALT_MAX = 500;
export const COMMENT_MAX = 2_000;
export const QUIZ_TITLE_MAX = 200;
/** The form sets no limit (spec §5); the server keeps one far past any real quiz. */
export const QUIZ_QUESTIONS_MAX = 100;

export const textTooLong = (max: number) => `O texto deve ter no máximo ${max} caracteres.`;

/** Texts of spec §5 (post creation) and §8 (post and comment messages). */
export const POST_MESSAGES = {
  errorTitle: 'Erro',
  contentRequired: 'Digite algum conteúdo para o post.',
  questionRequired: 'Digite a pergunta.',
  pollQuestionRequired: 'Digite a pergunta da enquete.',
  pollOptionsRange: `A enquete precisa de ${POLL_OPTIONS_MIN} a ${POLL_OPTIONS_MAX} opções preenchidas.`,
  pollExpiresInPast: 'A data de encerramento da enquete deve estar no futuro.',
  questionOptions: `A questão precisa de ${QUESTION_OPTIONS_MIN} a ${QUESTION_OPTIONS_MAX} alternativas preenchidas.`,
  correctAnswerRange: 'A alternativa correta precisa ser uma das alternativas da questão.',
  quizNeedsQuestion: 'O quiz precisa de pelo menos uma questão.',
  /** A quiz's blank question, by its number as the form shows it (1 is the first). */
  quizQuestionRequired: (number: number) => `Digite a pergunta da questão ${number}.`,
  /** Any other problem of a quiz's question, said with the question's number. */
  inQuizQuestion: (number: number, message: string) => `Questão ${number}: ${message}`,
  quizAnswerAll: 'Responda todas as questões.',
  quizTooManyQuestions: `O quiz pode ter no máximo ${QUIZ_QUESTIONS_MAX} questões.`,
  mediaRequired: 'Adicione pelo menos um link.',
  mediaInvalid: 'Use apenas links http:// ou https://.',
  mediaDuplicate: 'Esse link já foi adicionado.',
  mediaTooMany: `Adicione no máximo ${MEDIA_URLS_MAX} links.`,
  contentTooLong: textTooLong(POST_CONTENT_MAX),
  createFailed: 'Não foi possível criar o post. Tente novamente.',
  createdTitle: 'Post criado!',
  created: 'Seu post foi publicado com sucesso.',
  notFound: 'Post não encontrado',
  alreadyAnswered: 'Você já respondeu esta questão.',
  alreadyVoted: 'Você já votou nesta enquete.',
  pollClosed: 'Esta enquete já foi encerrada.',
  optionMissing: 'Essa alternativa não existe.',
  ownQuestion: 'Você não pode responder à sua própria questão.',
  commentRequired: 'Digite um comentário.',
  commentTooLong: `O comentário deve ter no máximo ${COMMENT_MAX} caracteres.`,
  commentFailed: 'Não foi possível adicionar o comentário.',
  commentAdded: 'Comentário adicionado!',
  deleteForbidden: 'Você só pode apagar o que você publicou.',
  editForbidden: 'Você só pode editar o que você publicou.',
  editNothing: 'Nada para alterar.',
  editFieldNotAllowed: 'Esse tipo de publicação não tem esse campo para editar.',
  optionsLocked:
    'As alternativas não podem mudar depois que alguém respondeu. Você ainda pode editar o texto da publicação.',
  editFailed: 'Não foi possível salvar a edição. Tente novamente.',
  editedTitle: 'Alterações salvas',
  edited: 'editado',
  deletedTitle: 'Publicação excluída',
  deleteFailed: 'Não foi possível excluir. Tente novamente.',
  commentEditedTitle: 'Comentário editado',
  commentDeletedTitle: 'Comentário excluído',
  feedEnd: 'Você chegou ao fim! 🎉',
  loadingMore: 'Carregando mais posts...',
} as const;

/**
 * A photo's description (issue 36): apart from POST_MESSAGES, which the feed's first route loads,
 * so these come with the composer and the schemas only.
 */
export const MEDIA_ALT_MESSAGES = {
  label: 'Descrição da imagem (para leitores de tela)',
  tooLong: `A descrição da imagem deve ter no máximo ${MEDIA_ALT_MAX} caracteres.`,
  tooMany: 'Há mais descrições do que imagens.',
} as const;

/** The two home feeds (issue 21): `for_you` (default) and `following`. */
export const FEED_KINDS = ['for_you', 'following'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
export const FEED_LABELS: Record<FeedKind, string> = { for_you: 'Para você', following: 'Seguindo' };
export const FEED_MESSAGES = {
  kindInvalid: "Feed inválido: use 'for_you' (Para você) ou 'following' (Seguindo).",
  emptyFollowingTitle: 'Você ainda não segue ninguém',
  emptyFollowing:
    'Aqui aparecem os posts de quem você segue e os seus, dos mais novos aos mais antigos. Siga colegas e professores para começar.',
  findPeople: 'Encontrar pessoas para seguir',
} as const;
