import { randomInt } from 'node:crypto';
import type { Tx } from '../../db/client.ts';
import { usernameTaken } from './auth.queries.ts';

/** 'Ana Júlia Souza' → 'ana.julia.souza' (ASCII, at most 20 characters). */
function usernameBase(displayName: string, email: string): string {
  const fromName = displayName
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 20)
    .replace(/\.+$/, '');
  if (fromName.length >= 3) return fromName;
  const fromEmail = (email.split('@')[0] ?? '')
    .replace(/[^a-z0-9]+/gi, '')
    .toLowerCase()
    .slice(0, 20);
  return fromEmail.length >= 3 ? fromEmail : 'estudante';
}

/** A free username from the name; a unique index still guards against a race. */
export async function pickUsername(db: Tx, displayName: string, email: string): Promise<string> {
  const base = usernameBase(displayName, email);
  for (let attempt = 0; attempt < 8; attempt++) {
    const candidate = attempt === 0 ? base : `${base}${randomInt(10, 10_000 * attempt)}`;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
  return `${base}${randomInt(100_000, 1_000_000)}`;
}
