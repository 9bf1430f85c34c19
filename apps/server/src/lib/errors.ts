import { ErrorCode } from '@estudai/contract';

/** An error a service throws on purpose; the error handler answers it as `{ error, code }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More fields of the reply beside `error` and `code` (the running export's `id` of a 409). */
    readonly details: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: string = ErrorCode.badRequest) =>
  new AppError(400, code, message);
export const unauthenticated = (message = 'Você precisa entrar para continuar.') =>
  new AppError(401, ErrorCode.unauthenticated, message);
export const forbidden = (message: string, code: string = ErrorCode.forbidden) =>
  new AppError(403, code, message);
export const notFound = (message = 'Não encontrado.') => new AppError(404, ErrorCode.notFound, message);
export const conflict = (message: string, code: string = ErrorCode.conflict) =>
  new AppError(409, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, ErrorCode.rateLimited, message, { 'retry-after': String(retryAfterSeconds) });
