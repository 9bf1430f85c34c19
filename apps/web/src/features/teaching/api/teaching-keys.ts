import { GROUPS_KEY, groupKeys } from '../../../lib/query-keys.ts';

// Under the groups' key: joining, leaving or being removed refreshes these with the rest of the group.
export const teachingKeys = {
  members: (groupId: string) => [GROUPS_KEY, 'members', groupId] as const,
  memberSearch: (groupId: string, q: string) => [GROUPS_KEY, 'members', groupId, q] as const,
  inviteLinks: (groupId: string) => [GROUPS_KEY, 'invite-links', groupId] as const,
  announcements: (groupId: string) => [...groupKeys.announcements, groupId] as const,
  classes: (groupId: string) => [...groupKeys.classes, groupId] as const,
  earnings: (groupId: string) => [GROUPS_KEY, 'earnings', groupId] as const,
  teachers: (groupId: string) => [GROUPS_KEY, 'teachers', groupId] as const,
  page: (groupId: string) => [GROUPS_KEY, 'page', groupId] as const,
};

export const groupPath = (groupId: string) => `/study-groups/${encodeURIComponent(groupId)}`;
