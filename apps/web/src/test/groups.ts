import type { GroupAdvertiser, GroupPermissions, Membership, StudyGroup } from '@estudai/contract/constants';
import { ana, currentRequest, lastPage, type MockReply, mockApi, ok } from './api-mock.ts';
import { renderApp } from './render-app.tsx';

/** Group ids are uuids: the create-post schema checks the destination's. */
export const GROUP_ID = '5b0c2f0e-6a4e-4d7e-9b1a-0d6f1c2a3b4c';
export const OTHER_GROUP_ID = '9e8d7c6b-5a49-4838-a727-161504f3e2d1';

export const carla: GroupAdvertiser = {
  id: 'u-carla',
  username: 'prof.carla',
  displayName: 'Carla Mendes',
  name: 'Carla Mendes',
  avatar: null,
  isVerified: true,
  verified: true,
  rating: 4.8,
  totalStudents: 120,
};

export function makeGroup(overrides: Partial<StudyGroup> = {}): StudyGroup {
  return {
    id: GROUP_ID,
    name: 'Física para o ENEM',
    description: 'Cinemática, dinâmica e energia com listas semanais.',
    summary: 'Revisão completa de Física',
    coverImage: null,
    coverSensitivity: 'ok',
    ownerId: carla.id,
    advertiser: carla,
    isRecommended: false,
    currentMembers: 12,
    maxMembers: 50,
    memberCount: 12,
    isPaid: false,
    price: 0,
    currency: 'BRL',
    subject: 'ENEM',
    category: 'fisica',
    subscriptionDuration: null,
    tags: [],
    isActive: true,
    isArchived: false,
    relevanceScore: null,
    relevanceTag: null,
    rating: 0,
    ratingsCount: 0,
    myRating: null,
    isMember: false,
    isOwner: false,
    materialsCount: 0,
    videosCount: 0,
    postsCount: 0,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

export const paidGroup = (overrides: Partial<StudyGroup> = {}) =>
  makeGroup({ isPaid: true, price: 4990, subscriptionDuration: 3, ...overrides });

/** Ana's membership of the group. */
export const makeMembership = (overrides: Partial<Membership> = {}): Membership => ({
  id: 'gm-1',
  userId: ana.id,
  studyGroupId: GROUP_ID,
  role: 'member',
  status: 'active',
  joinedAt: '2026-11-21T12:00:00.000Z',
  expiresAt: null,
  leftAt: null,
  archivedAt: null,
  isMuted: false,
  ...overrides,
});

export const memberGroup = (overrides: Partial<StudyGroup> = {}) =>
  makeGroup({ isMember: true, ...overrides });

export const ownGroup = (overrides: Partial<StudyGroup> = {}) =>
  makeGroup({ isMember: true, isOwner: true, ...overrides });

/** A page of a list, with `hasMore` as given. */
export const groupPage = <T>(data: T[], hasMore = false): MockReply => ({
  status: 200,
  body: { data, hasMore },
});

/** The query string of every call made to `path` (mockApi records only the path). */
export function queriesTo(fetchMock: { mock: { calls: unknown[][] } }, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

/** Inside a mockApi handler: the query string of the call being answered. */
export const currentQuery = (): URLSearchParams => new URLSearchParams(currentRequest()?.query);

/** `GET …/permissions` of the owner (who manages and administers) or of anyone else. */
export const permissionsOf = (isOwner: boolean, isTeacher = false): GroupPermissions => ({
  isOwner,
  isTeacher,
  canManage: isOwner || isTeacher,
  canAdminister: isOwner,
});

/**
 * The group's page in the whole app, signed in as ana: the group (or a reply for it), its posts and
 * materials empty and no membership row unless `handlers` say otherwise.
 */
export function renderGroup(group: StudyGroup | (() => MockReply), handlers = {}) {
  const api = mockApi(
    {
      [`GET /api/study-groups/${GROUP_ID}`]: typeof group === 'function' ? group : ok(group),
      [`GET /api/study-groups/${GROUP_ID}/posts`]: lastPage([]),
      [`GET /api/study-groups/${GROUP_ID}/materials`]: lastPage([]),
      [`GET /api/study-groups/${GROUP_ID}/membership`]: ok(null),
      // The teacher's parts of the page (issue 24): the owner manages; no announcement, no class yet.
      [`GET /api/study-groups/${GROUP_ID}/permissions`]: ok(
        permissionsOf(typeof group === 'function' ? false : group.isOwner),
      ),
      [`GET /api/study-groups/${GROUP_ID}/announcements`]: ok([]),
      [`GET /api/study-groups/${GROUP_ID}/classes`]: ok([]),
      // A paid group's essay quota (issue 38), none set.
      [`GET /api/study-groups/${GROUP_ID}/essay-quota`]: ok({
        monthlyQuota: null,
        usedThisMonth: 0,
        month: '2026-11',
      }),
      // The page for prospective members, not written yet.
      [`GET /api/study-groups/${GROUP_ID}/page`]: ok({
        learnOutcomes: '',
        syllabus: [],
        faq: [],
        reviews: [],
      }),
      ...handlers,
    },
    ana,
  );
  return { api, ...renderApp(`/study-groups/${GROUP_ID}`, { storedUser: ana }) };
}
