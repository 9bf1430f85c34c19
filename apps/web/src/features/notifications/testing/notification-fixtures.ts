import type { ConnectionRequest, Notification, RecommendedUser } from '@estudai/contract/constants';
import { screen } from '@testing-library/react';
import { ana, type MockReply, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n-1',
    type: 'follow',
    title: 'Novo seguidor',
    message: 'Bruno Lima começou a seguir você.',
    isRead: false,
    actionUrl: '/user/u-bruno',
    createdAt: minutesAgo(5),
    relatedUserAvatar: null,
    relatedUserName: 'Bruno Lima',
    ...overrides,
  };
}

export function makeRequest(overrides: Partial<ConnectionRequest> = {}): ConnectionRequest {
  return {
    id: 'r-1',
    fromUserId: 'u-carla',
    fromUserName: 'Carla Mendes',
    fromUserAvatar: null,
    fromUserBio: 'Professora de matemática há 12 anos.',
    createdAt: minutesAgo(120),
    ...overrides,
  };
}

export function makeRecommendation(overrides: Partial<RecommendedUser> = {}): RecommendedUser {
  return {
    userId: 'u-diego',
    userName: 'mentor.diego',
    displayName: 'Diego Santos',
    avatar: null,
    bio: 'Mentor de concursos públicos.',
    isVerified: true,
    followersCount: 120,
    mutualFollowersCount: 3,
    recommendationReason: 'mutual_connections',
    ...overrides,
  };
}

export const counts = (unread: number, pendingRequests = 0): MockReply => ok({ unread, pendingRequests });
export const notificationsPage = (data: Notification[], hasMore = false): MockReply => ({
  status: 200,
  body: { data, hasMore },
});

export type ApiHandlers = Parameters<typeof mockApi>[0];

/** The app at `path`, signed in as Ana, with her notifications and badges as given. */
export function openApp(path: string, handlers: ApiHandlers = {}) {
  const api = mockApi(
    {
      'GET /api/notifications/counts': counts(0),
      'GET /api/notifications': notificationsPage([]),
      'GET /api/notifications/requests': ok([]),
      'GET /api/notifications/recommendations': ok([]),
      ...handlers,
    },
    ana,
  );
  return { api, ...renderApp(path, { storedUser: ana }) };
}

export const tabBarLink = () => screen.findByRole('link', { name: /^Notificações/ });
