import { screen } from '@testing-library/react';
import { ana, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeConversation, page } from './chat-fixtures.ts';

export const MESSAGES = '/api/chat/conversations/c-bruno/messages';

/** The app at `path`, signed in as Ana, with one conversation (with Bruno) and its empty thread. */
export type ApiHandlers = Parameters<typeof mockApi>[0];

export function openChat(path: string, handlers: ApiHandlers = {}) {
  const api = mockApi(
    {
      'GET /api/chat/conversations': page([makeConversation()]),
      [`GET ${MESSAGES}`]: page([]),
      'PUT /api/chat/conversations/c-bruno/read': ok({ read: 0 }),
      'GET /api/chat/unread-count': ok({ count: 0 }),
      ...handlers,
    },
    ana,
  );
  return { api, ...renderApp(path, { storedUser: ana }) };
}

export const thread = () => screen.findByRole('log', { name: 'Mensagens com Bruno Lima' });
export const messageField = () => screen.findByRole('textbox', { name: 'Mensagem' });
