import { apiErrorSchema, dataOf } from '@estudai/contract';
import type { z } from 'zod';

/** Every error status a route may answer, all with the `{ error, code }` envelope. */
export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
} as const;

/** Response schemas for a route answering `{ data }` with `status`. */
export const respond = <T extends z.ZodType>(schema: T, status: 200 | 201 = 200) =>
  ({ [status]: dataOf(schema), ...errorResponses }) as {
    [K in typeof status]: ReturnType<typeof dataOf<T>>;
  } & typeof errorResponses;
