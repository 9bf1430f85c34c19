// The parts of the API contract without zod: error codes and the http(s) link rule.

/** Whether `value` is an http(s) address: `javascript:`, `data:` and the like are not. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const URL_MAX = 2_000;

/** Machine-readable error codes shared by the server and the web client. */
export const ErrorCode = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  crossOrigin: 'CROSS_ORIGIN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  /** Answering a question of one's own: it would count in one's statistics with the key known. */
  ownQuestion: 'OWN_QUESTION',
  emailTaken: 'EMAIL_TAKEN',
  invalidCredentials: 'INVALID_CREDENTIALS',
  /** Sign-in refused until the ALTCHA proof of work is sent with it (many wrong passwords lately). */
  robotCheckRequired: 'ROBOT_CHECK_REQUIRED',
  accountSuspended: 'ACCOUNT_SUSPENDED',
  weakPassword: 'WEAK_PASSWORD',
  invalidCode: 'INVALID_CODE',
  tooLarge: 'TOO_LARGE',
  rateLimited: 'RATE_LIMITED',
  unavailable: 'UNAVAILABLE',
  internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** What a named limit answers (429) past its ceiling; the rest say the generic 'Muitas requisições'. */
export const RATE_LIMIT_MESSAGES = {
  posts: 'Você publicou muitas vezes em pouco tempo. Aguarde um minuto e tente novamente.',
  comments: 'Você comentou muitas vezes em pouco tempo. Aguarde um minuto e tente novamente.',
  resolutions: 'Você publicou muitas resoluções em pouco tempo. Aguarde um minuto e tente novamente.',
  essays: 'Você começou muitas redações na última hora. Aguarde um pouco e tente novamente.',
  passwordResetMails:
    'Já enviamos vários e-mails de redefinição de senha para este endereço. Aguarde uma hora e tente novamente.',
} as const;

/**
 * Issue 37: what an upload gets (503) when the store refuses to keep the file — a full or read-only
 * disk, a folder the server may not write, an S3 that does not answer. Nothing is kept.
 */
export const STORAGE_UNAVAILABLE_MESSAGE =
  'Não foi possível guardar o arquivo agora. Tente novamente em alguns minutos.';

/** What a request gets (503) while the server shuts down to restart: the ones in flight finish. */
export const SHUTDOWN_MESSAGE = 'O servidor está reiniciando. Tente novamente em instantes.';
