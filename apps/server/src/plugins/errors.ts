import { ErrorCode, STORAGE_UNAVAILABLE_MESSAGE } from '@estudai/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
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

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...error.details, error: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      // A malformed path id answers like an unknown one (lib/uuid.ts `uuidParam`).
      if (error.validationContext === 'params' && answersNotFound(first?.params.params)) {
        return reply.code(404).send({ error: first?.message ?? 'Não encontrado.', code: ErrorCode.notFound });
      }
      return reply.code(400).send({
        error: first?.message ?? 'Dados inválidos.',
        code: ErrorCode.validation,
      });
    }
    if (isPrototypePoisoning(error)) {
      return reply
        .code(400)
        .send({ error: 'O corpo da requisição contém propriedades proibidas.', code: ErrorCode.badRequest });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({
        error: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
        code: ErrorCode.unavailable,
      });
    }
    if (error instanceof StorageUnavailable) {
      request.log.error({ err: error }, 'storage unavailable');
      return reply
        .code(503)
        .header('retry-after', '60')
        .send({ error: STORAGE_UNAVAILABLE_MESSAGE, code: ErrorCode.unavailable });
    }
    if (isUnstorableText(error)) {
      return reply.code(400).send({ error: INVALID_TEXT_MESSAGE, code: INVALID_TEXT_CODE });
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) return reply.code(known.status).send({ error: known.message, code: known.code });
    if (error.statusCode === 429) {
      return reply.code(429).send({
        error: 'Muitas requisições. Aguarde um pouco e tente novamente.',
        code: ErrorCode.rateLimited,
      });
    }
    if (error.statusCode === 503) {
      return reply.code(503).send({
        error: 'O servidor está indisponível no momento. Tente novamente em instantes.',
        code: ErrorCode.unavailable,
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(error.statusCode).send({ error: 'Requisição inválida.', code: ErrorCode.badRequest });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send({ error: 'Ocorreu um erro inesperado. Tente novamente.', code: ErrorCode.internal });
  });
});
