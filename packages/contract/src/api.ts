import { z } from 'zod';
import { isHttpUrl, URL_MAX } from './api.constants.ts';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';

/** The one error envelope every failed call answers with. */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), hasMore: z.boolean(), nextCursor: z.string().nullish() });

/** A link users give (media, covers, videos): trimmed, http(s) only, `message` for anything else. */
export const httpUrlSchema = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(URL_MAX, message).refine(isHttpUrl, message);

/** `page`/`limit` query: defaults 1/10, limit at most 50; anything else is a 400. */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'A página deve ser um número inteiro a partir de 1.' })
    .int('A página deve ser um número inteiro a partir de 1.')
    .min(1, 'A página deve ser um número inteiro a partir de 1.')
    .max(100_000, 'Página fora do intervalo permitido.')
    .default(DEFAULT_PAGE),
  limit: z.coerce
    .number({ error: `O limite deve ser um número inteiro entre 1 e ${MAX_PAGE_SIZE}.` })
    .int(`O limite deve ser um número inteiro entre 1 e ${MAX_PAGE_SIZE}.`)
    .min(1, `O limite deve ser um número inteiro entre 1 e ${MAX_PAGE_SIZE}.`)
    .max(MAX_PAGE_SIZE, `O limite deve ser um número inteiro entre 1 e ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
