// The few messages and paths of feature modules that the web app's every screen uses (its API
// client, its formatting, its live notifications, its paths). They live here, and the feature
// modules take them from here, so that the app's first route does not download whole modules
// (groups, videos, sign-in, teaching, minors) for one string each: the bundler puts a module in a
// chunk whole, with every export any screen uses.

/** AUTH_MESSAGES.unauthenticated. */
export const UNAUTHENTICATED_MESSAGE = 'Você precisa entrar para continuar.';
/** AUTH_MESSAGES.sessionEnded: an open tab whose session the server ended (session-listener.tsx). */
export const SESSION_ENDED_MESSAGE = 'Sua sessão foi encerrada. Entre novamente para continuar.';

/** Where the guardian's invitation link opens: `/responsavel?convite={token}`. */
export const GUARDIAN_PAGE_PATH = '/responsavel';
export const GUARDIAN_INVITE_PARAM = 'convite';

/** GROUP_MESSAGES.lifetime: a group's access that does not end. */
export const LIFETIME_ACCESS_LABEL = 'Acesso vitalício';

/** VIDEO_MESSAGES.views. */
export const viewsLabel = (count: string) => `${count} visualizações`;

/** TEACHING_MESSAGES' titles of the notifications after which a member no longer sees a group. */
export const GROUP_REMOVED_NOTIFICATION_TITLE = 'Você foi removido de um grupo';
export const GROUP_REFUND_NOTIFICATION_TITLE = 'Pagamento reembolsado';
