import type { QueryClient } from '@tanstack/react-query';

// Every cached view of a person (post cards, comments, profiles, follow lists, groups' owners, chat,
// the forum) carries their name and picture. When they change theirs, this one place rewrites
// them all, so nothing shows the old name or initials until a reload.

/** What a person looks like wherever they are shown. */
export interface UserLook {
  id: string;
  displayName: string;
  avatar: string | null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** The person's own fields, in the two shapes the API uses: `{id, displayName, avatar}` and `{authorId, authorName, authorAvatar}`. */
function lookOf(value: Record<string, unknown>, user: UserLook): Record<string, unknown> | null {
  if (value.id === user.id && typeof value.displayName === 'string') {
    const look: Record<string, unknown> = { displayName: user.displayName };
    if ('avatar' in value) look.avatar = user.avatar;
    // A group's advertiser repeats the name as `name`.
    if (typeof value.name === 'string' && value.name === value.displayName) look.name = user.displayName;
    return look;
  }
  if (value.authorId === user.id && typeof value.authorName === 'string') {
    const look: Record<string, unknown> = { authorName: user.displayName };
    if ('authorAvatar' in value) look.authorAvatar = user.avatar;
    return look;
  }
  return null;
}

const isSame = (value: Record<string, unknown>, look: Record<string, unknown>) =>
  Object.entries(look).every(([key, field]) => value[key] === field);

/** `data` with the person's look put in wherever they appear; the same object where nothing changed. */
export function withUserLook(data: unknown, user: UserLook): unknown {
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item) => {
      const updated = withUserLook(item, user);
      if (updated !== item) changed = true;
      return updated;
    });
    return changed ? next : data;
  }
  if (!isPlainObject(data)) return data;
  let next: Record<string, unknown> | null = null;
  for (const [key, field] of Object.entries(data)) {
    const updated = withUserLook(field, user);
    if (updated !== field) {
      next ??= { ...data };
      next[key] = updated;
    }
  }
  const current = next ?? data;
  const look = lookOf(current, user);
  if (look && !isSame(current, look)) return { ...current, ...look };
  return current;
}

/** After the person saved a new name or picture: every cached query that shows them follows. */
export function applyUserLook(queryClient: QueryClient, user: UserLook): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const updated = withUserLook(data, user);
    if (updated !== data) queryClient.setQueryData(query.queryKey, updated);
  }
}
