import { GUARDIAN_PAGE_PATH, STUDY_PATHS } from '@estudai/contract/constants';

// Every route of the web app, in one place: patterns for the router, builders for links.

export const routes = {
  home: '/',
  auth: '/auth',
  authMgmt: '/auth/mgmt',
  verifyEmail: '/verify-email',
  user: '/user/:id?',
  profile: '/profile',
  studyGroups: '/study-groups',
  studyGroup: '/study-groups/:groupId',
  groupVideo: '/study-groups/:groupId/videos/:videoId',
  groupForum: '/study-groups/:groupId/forum',
  groupPayment: '/study-groups/:groupId/payment',
  groupMembers: '/study-groups/:groupId/membros',
  groupEarnings: '/study-groups/:groupId/receitas',
  /** Where an invite link leads (issue 24): the group, joined in one tap or paid for with its coupon. */
  groupInvite: '/convite/:code',
  checkout: '/checkout/:groupId',
  videos: '/videos',
  notifications: '/notifications',
  /** Study rooms (issue 39). */
  rooms: '/salas',
  room: '/salas/:roomId',
  chat: '/chat',
  postComments: '/post/:postId/comments/:commentId?',
  /** A shared post: read-only with a call to sign up for a visitor, its comments for a student. */
  post: '/post/:postId',
  questionBank: STUDY_PATHS.bank,
  notebook: STUDY_PATHS.notebook,
  review: STUDY_PATHS.review,
  practice: STUDY_PATHS.practice,
  /** Flashcard decks imported from Anki (issue 42). */
  cards: '/cartoes',
  /** A short address for the review ('/revisao'), leading to the one the reminder links to. */
  reviewShort: '/revisao',
  newSimulado: '/study-groups/:groupId/simulados/novo',
  /** 'Importar questões' (issue 42): into a group one teaches, or as one's own public posts. */
  groupImport: '/study-groups/:groupId/importar',
  importQuestions: '/importar',
  /**
   * A simulado, and its organizers' paper views below it (issue 42), the simulado page's own:
   * `imprimir` (the booklet and the answer sheet) and `lancar-respostas` (typing the sheets back).
   */
  simulado: '/simulados/:simuladoId/*',
  editSimulado: '/simulados/:simuladoId/editar',
  simuladoAttempt: '/simulados/:simuladoId/prova',
  simuladoResult: '/simulados/:simuladoId/resultado',
  /** Redação (issue 38): the writer's essays, the chart and the proposals. */
  essays: '/redacao',
  /** Correcting: the next assignment (`?grupo={id}`: a teacher's group queue). */
  reviewEssays: '/redacao/corrigir',
  essay: '/redacao/:essayId',
  writeEssay: '/redacao/:essayId/escrever',
  privacy: '/privacidade',
  myData: '/meus-dados',
  /**
   * Settings (routes/settings-routes.tsx): 'Objetivo e matérias' (issue 36), 'Usuários bloqueados'
   * (issue 21), 'Palavras ocultas' and 'Minhas advertências' (issue 43) — `paths` below names each.
   */
  settings: '/configuracoes/*',
  /** Where the notification of a removal leads: 'Contestar' (issue 25). */
  contestReport: '/denuncias/:reportId',
  /** The moderators' pages: the reports and the queue of reports, images and appeals (issue 43). */
  admin: '/admin/*',
  guardian: GUARDIAN_PAGE_PATH,
  search: '/busca',
  /** A hashtag's posts (issue 21). */
  tag: '/tag/:tag',
} as const;

/** Query parameter that asks /auth to open on creating an account (the user-type choice). */
export const SIGN_UP_PARAM = 'criar-conta';

/** Query parameter that asks /auth to sign in to the demo account at once (the landing's 'Testar Demo'). */
export const DEMO_PARAM = 'demo';

/** Query parameter of the payment screen naming the invite link (and its coupon) the buyer came through. */
export const INVITE_CODE_PARAM = 'convite';

/** Query parameter of /notifications naming the tab to open on: `?aba=recomendados`. */
export const NOTIFICATIONS_TAB_PARAM = 'aba';
export const RECOMMENDED_TAB = 'recomendados';

/** Query parameter that asks the feed to open its create-post dialog. */
export const CREATE_POST_PARAM = 'create-post';

export const paths = {
  home: () => '/',
  search: () => '/busca',
  /** '/tag/funcoes': the posts with #funcoes (the '#' left out). */
  tag: (tag: string) => `/tag/${encodeURIComponent(tag.replace(/^#/, ''))}`,
  auth: () => '/auth',
  /** /auth opened on creating an account. */
  signUp: () => `/auth?${SIGN_UP_PARAM}=1`,
  /** /auth signing in to the demo account in one tap. */
  demo: () => `/auth?${DEMO_PARAM}=1`,
  verifyEmail: () => '/verify-email',
  profile: () => '/profile',
  user: (id: string) => `/user/${encodeURIComponent(id)}`,
  adminReports: () => '/admin/denuncias',
  studyGroups: () => '/study-groups',
  studyGroup: (groupId: string) => `/study-groups/${encodeURIComponent(groupId)}`,
  groupForum: (groupId: string) => `/study-groups/${encodeURIComponent(groupId)}/forum`,
  groupPayment: (groupId: string) => `/study-groups/${encodeURIComponent(groupId)}/payment`,
  /** The payment screen reached through an invite link: its coupon applies (`?convite={code}`). */
  groupPaymentWithInvite: (groupId: string, code: string) =>
    `/study-groups/${encodeURIComponent(groupId)}/payment?${INVITE_CODE_PARAM}=${encodeURIComponent(code)}`,
  groupMembers: (groupId: string) => `/study-groups/${encodeURIComponent(groupId)}/membros`,
  groupEarnings: (groupId: string) => `/study-groups/${encodeURIComponent(groupId)}/receitas`,
  groupInvite: (code: string) => `/convite/${encodeURIComponent(code)}`,
  groupVideo: (groupId: string, videoId: string) =>
    `/study-groups/${encodeURIComponent(groupId)}/videos/${encodeURIComponent(videoId)}`,
  notifications: () => '/notifications',
  rooms: () => '/salas',
  room: (roomId: string) => `/salas/${encodeURIComponent(roomId)}`,
  /** Notificações opened on 'Recomendados'. */
  recommendations: () => `/notifications?${NOTIFICATIONS_TAB_PARAM}=${RECOMMENDED_TAB}`,
  createPost: () => `/?${CREATE_POST_PARAM}=1`,
  post: (postId: string) => `/post/${encodeURIComponent(postId)}`,
  /** /post/{postId}/comments, or /post/{postId}/comments/{commentId} to open at one comment. */
  postComments: (postId: string, commentId?: string) =>
    `/post/${encodeURIComponent(postId)}/comments${commentId ? `/${encodeURIComponent(commentId)}` : ''}`,
  /** Spec §2: /chat, or /chat?conversation={id} with that thread open. */
  chat: (conversationId?: string | null) =>
    conversationId ? `/chat?conversation=${encodeURIComponent(conversationId)}` : '/chat',
  questionBank: () => STUDY_PATHS.bank,
  notebook: () => STUDY_PATHS.notebook,
  review: () => STUDY_PATHS.review,
  cards: () => '/cartoes',
  /** '/treino', or '/treino?materia=matematica&assunto=Funções' for one subject (and topic). */
  practice: (subject?: string, topic?: string | null) => {
    const search = new URLSearchParams();
    if (subject) search.set('materia', subject);
    if (topic) search.set('assunto', topic);
    const query = search.toString();
    return query ? `${STUDY_PATHS.practice}?${query}` : STUDY_PATHS.practice;
  },
  newSimulado: (groupId: string) => `/study-groups/${encodeURIComponent(groupId)}/simulados/novo`,
  groupImport: (groupId: string) => `/study-groups/${encodeURIComponent(groupId)}/importar`,
  importQuestions: () => '/importar',
  simulado: (simuladoId: string) => `/simulados/${encodeURIComponent(simuladoId)}`,
  editSimulado: (simuladoId: string) => `/simulados/${encodeURIComponent(simuladoId)}/editar`,
  simuladoAttempt: (simuladoId: string) => `/simulados/${encodeURIComponent(simuladoId)}/prova`,
  simuladoResult: (simuladoId: string) => `/simulados/${encodeURIComponent(simuladoId)}/resultado`,
  essays: () => '/redacao',
  reviewEssays: () => '/redacao/corrigir',
  essay: (essayId: string) => `/redacao/${encodeURIComponent(essayId)}`,
  writeEssay: (essayId: string) => `/redacao/${encodeURIComponent(essayId)}/escrever`,
  privacy: () => '/privacidade',
  /** 'Meus dados' (LGPD art. 18): privacy settings, export and account deletion. */
  myData: () => '/meus-dados',
  studyPlan: () => '/configuracoes/objetivo',
  blockedUsers: () => '/configuracoes/bloqueados',
  moderationActions: () => '/configuracoes/advertencias',
  moderationQueue: () => '/admin/moderacao',
  hiddenWords: () => '/configuracoes/palavras-ocultas',
  guardian: () => GUARDIAN_PAGE_PATH,
};

/** The comments screen has its own fixed composer at the bottom: no floating timer over it. */
export const isCommentsPath = (pathname: string) => pathname.startsWith('/post/');

/**
 * A simulado attempt (/simulados/{id}/prova) is a screen of its own: no tab bar, no create button,
 * no study timer beside the countdown; the title bar's arrow is the one way out.
 */
export const isSimuladoAttemptPath = (pathname: string) => /^\/simulados\/[^/]+\/prova\/?$/.test(pathname);

/** Spec §2: the tab bar is hidden on every path that starts with /chat. */
export const isChatPath = (pathname: string) => pathname.startsWith('/chat');
