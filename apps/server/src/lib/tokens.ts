import { hash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits) as base64url: cookie tokens and e-mail codes. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/**
 * What we store instead of a token: a stolen database row cannot be replayed. Every signed-in request
 * hashes its cookie: the one-shot `crypto.hash` skips the Hash object `createHash` builds each time.
 */
export const sha256 = (value: string): string => hash('sha256', value, 'hex');
