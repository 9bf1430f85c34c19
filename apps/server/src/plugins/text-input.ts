import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';
import { hasNulCharacter } from '../lib/text.ts';

export const INVALID_TEXT_MESSAGE =
  'O texto contém um caractere inválido (U+0000). Remova-o e tente novamente.';
export const INVALID_TEXT_CODE = 'INVALID_TEXT';

/**
 * PostgreSQL cannot store U+0000 in text: refused here, once, for every path, query and JSON body,
 * before any route validates or stores them (multipart fields: materials.upload.ts).
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNulCharacter(request.params) || hasNulCharacter(request.query) || hasNulCharacter(request.body)) {
      return done(badRequest(INVALID_TEXT_MESSAGE, INVALID_TEXT_CODE));
    }
    done();
  });
});
