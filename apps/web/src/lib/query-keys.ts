// Query keys that more than one feature reads or invalidates. A feature builds its own queries'
// keys from these, so a change made in one (joining a group, posting in it, adding a video,
// resolving a report) refreshes what the others show without importing them.

/** Every study-group query lives under this key (the group, the lists, its posts, materials and
 * forum), so joining or leaving refreshes them all with one invalidation. */
export const GROUPS_KEY = 'study-groups';

export const groupKeys = {
  all: [GROUPS_KEY],
  lists: [GROUPS_KEY, 'list'],
  /** Every group's page (a removal asks them again). */
  details: [GROUPS_KEY, 'detail'],
  detail: (groupId: string) => [GROUPS_KEY, 'detail', groupId],
  /** The viewer's own membership of the group (its access end, whether it is muted). */
  membership: (groupId: string) => [GROUPS_KEY, 'membership', groupId],
  posts: (groupId: string) => [GROUPS_KEY, 'posts', groupId],
  materials: (groupId: string) => [GROUPS_KEY, 'materials', groupId],
  forum: (groupId: string) => [GROUPS_KEY, 'forum', groupId],
  /** What the viewer may do there: manage (owner, co-teachers) or administer (owner). */
  permissions: (groupId: string) => [GROUPS_KEY, 'permissions', groupId],
  /** Every group's announcements and live classes. */
  announcements: [GROUPS_KEY, 'announcements'],
  classes: [GROUPS_KEY, 'classes'],
  /** The groups one may post in ('Publicar em'). */
  postable: [GROUPS_KEY, 'postable'],
} as const;

/** Everything under ['users', id] belongs to that person: profile and follow lists. */
export const userKeys = {
  person: (userId: string) => ['users', userId] as const,
  profile: (userId: string) => ['users', userId, 'profile'] as const,
};

/** Every list and page of posts (feed, a profile's, saved ones, one post and its comments). */
export const POSTS_KEY = 'posts';

/** A person's posts, as their profile lists them ('Posts de {name}'). */
export const personPostsKey = (userId: string) => [POSTS_KEY, 'user', userId] as const;

/** The question bank's pages ('/questoes', and the simulado's question picker), under the study keys. */
export const bankKeys = {
  all: ['study', 'bank'] as const,
};

/** Every chat query (conversations, threads, unread count): a conversation opened from a profile refreshes them. */
export const CHAT_KEY = 'chat';
