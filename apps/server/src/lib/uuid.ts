import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and bodies: anything that is not a UUID simply matches nothing. */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * A path id. Anything but a UUID answers 404 with `message`, exactly as an unknown id does, so a
 * malformed id tells a prober nothing more (plugins/errors.ts reads `params.status`).
 */
export const uuidParam = (message: string) => z.string().refine(isUuid, { message, params: { status: 404 } });
