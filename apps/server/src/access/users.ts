import { USER_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import type { SessionUser } from '../plugins/session.ts';

/**
 * The user behind an id or a username (so @mention links open the profile) as this viewer may see
 * them: a suspended account is gone for everyone but admins. 'me' is the viewer.
 */
export async function findVisibleUser(db: Tx, viewer: SessionUser, id: string): Promise<SessionUser> {
  if (id === 'me' || id === viewer.id) return viewer;
  const byId = isUuid(id);
  if (!byId && !/^[a-z0-9._]{1,40}$/i.test(id)) throw notFound(USER_MESSAGES.notFound);
  const [user] = await db
    .select()
    .from(users)
    .where(byId ? eq(users.id, id) : eq(users.username, id.toLowerCase()))
    .limit(1);
  if (!user || (user.suspendedAt && viewer.userType !== 'admin')) throw notFound(USER_MESSAGES.notFound);
  return user;
}
