import { ErrorCode, STORAGE_UNAVAILABLE_MESSAGE } from '@estudai/contract';
import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { isDatabaseUnavailable, isUnstorableText } from '../lib/pg-errors.ts';
import { StorageUnavailable } from './storage.ts';
import { INVALID_TEXT_CODE, INVALID_TEXT_MESSAGE } from './text-input.ts';

/** Fastify's own errors a user can cause, in the words users read. */
const frameworkErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ErrorCode.badRequest,
    message: 'O corpo da requisição não é um JSON válido.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: ErrorCode.badRequest,
    message: 'O corpo da requisição está vazio.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ErrorCode.tooLarge,
    message: 'A requisição é grande demais.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ErrorCode.badRequest,
    message: 'Tipo de conteúdo não suportado.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: ErrorCode.badRequest,
    message: 'Tamanho do corpo da requisição inválido.',
  },
};

/** The `params` a zod refinement carries: `{ status: 404 }` from `uuidParam`. */
const answersNotFound = (params: unknown) =>
  typeof params === 'object' && params !== null && (params as { status?: unknown }).status === 404;

/**
 * Fastify's router refuses some addresses before any hook runs (`frameworkErrors` in app.ts): they
 * get the same pt-BR envelope as everything else.
 */
export function frameworkErrorReply(error: FastifyError): {
  status: number;
  body: { error: string; code: string };
} {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return { status: 414, body: { error: 'O endereço pedido é longo demais.', code: 'URI_TOO_LONG' } };
  }
  return { status: 400, body: { error: 'Endereço inválido.', code: ErrorCode.badRequest } };
}

function isPrototypePoisoning(error: FastifyError): boolean {
  return error.statusCode === 400 && /prototype property/i.test(error.message);
}

/** An error reply: its status, headers and `{ error, code }` body. */
export interface ErrorReply {
  status: number;
  headers: Record<string, string>;
  body: Record<string, string>;
}

/** What a thrown error answers, in the envelope: on HTTP (below) and on a socket event's ack (chat:send). */
export function errorReplyOf(
  error: FastifyError,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): ErrorReply {
  const reply = (status: number, error: string, code: string, headers: Record<string, string> = {}) => ({
    status,
    headers,
    body: { error, code },
  });
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      headers: error.headers,
      body: { ...error.details, error: error.message, code: error.code },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // A malformed path id answers like an unknown one (lib/uuid.ts `uuidParam`).
    if (error.validationContext === 'params' && answersNotFound(first?.params.params)) {
      return reply(404, first?.message ?? 'Não encontrado.', ErrorCode.notFound);
    }
    return reply(400, first?.message ?? 'Dados inválidos.', ErrorCode.validation);
  }
  if (isPrototypePoisoning(error)) {
    return reply(400, 'O corpo da requisição contém propriedades proibidas.', ErrorCode.badRequest);
  }
  if (isDatabaseUnavailable(error)) {
    log.error({ err: error }, 'database unavailable');
    return reply(
      503,
      'Serviço temporariamente indisponível. Tente novamente em instantes.',
      ErrorCode.unavailable,
      { 'retry-after': '5' },
    );
  }
  if (error instanceof StorageUnavailable) {
    log.error({ err: error }, 'storage unavailable');
    return reply(503, STORAGE_UNAVAILABLE_MESSAGE, ErrorCode.unavailable, { 'retry-after': '60' });
  }
  if (isUnstorableText(error)) return reply(400, INVALID_TEXT_MESSAGE, INVALID_TEXT_CODE);
  const known = error.code ? frameworkErrors[error.code] : undefined;
  if (known) return reply(known.status, known.message, known.code);
  if (error.statusCode === 429) {
    return reply(429, 'Muitas requisições. Aguarde um pouco e tente novamente.', ErrorCode.rateLimited);
  }
  if (error.statusCode === 503) {
    return reply(
      503,
      'O servidor está indisponível no momento. Tente novamente em instantes.',
      ErrorCode.unavailable,
    );
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    log.info({ err: error }, 'client error');
    return reply(error.statusCode, 'Requisição inválida.', ErrorCode.badRequest);
  }
  log.error({ err: error }, 'unhandled error');
  return reply(500, 'Ocorreu um erro inesperado. Tente novamente.', ErrorCode.internal);
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, headers, body } = errorReplyOf(error, request.log);
    return reply.code(status).headers(headers).send(body);
  });
});
