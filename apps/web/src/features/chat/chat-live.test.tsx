import { CHAT_MESSAGES, SAFETY_TEXTS } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { ana, mockApi, ok } from '../../test/api-mock.ts';
import { fakeSocket } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render-app.tsx';
import { expectToast } from '../../test/toast.ts';
import { getConversationsQueryOptions } from './api/get-conversations.ts';
import { lastQueryTo, makeConversation, makeMessage, page } from './testing/chat-fixtures.ts';
import { MESSAGES, messageField, openChat, thread } from './testing/render-chat.tsx';

vi.mock('../../lib/socket.ts', async () => {
  const { fakeSocket } = await import('../../test/fake-socket.ts');
  return { useRealtimeSocket: () => fakeSocket };
});

beforeEach(() => fakeSocket.reset());

/** An answer the test holds back: the mocked route awaits `held` until `answerHeld()`. */
function heldAnswer() {
  let answerHeld: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    answerHeld = resolve;
  });
  return { held, answerHeld };
}

/**
 * The conversation list's route, its `holdAt`th ask held back until `answerHeld()`: each answer says
 * the unread count `state.stored` held when it was asked.
 */
function listWithHeldAnswer(holdAt: number) {
  const { held, answerHeld } = heldAnswer();
  const state = { stored: 0, asked: 0 };
  const api = mockApi(
    {
      'GET /api/chat/conversations': async () => {
        state.asked += 1;
        const unreadCount = state.stored;
        if (state.asked === holdAt) await held;
        return page([makeConversation({ unreadCount })]);
      },
      'GET /api/chat/unread-count': ok({ count: 0 }),
    },
    ana,
  );
  return { api, state, answerHeld };
}

describe('live updates', () => {
  const longText = 'Você viu a resolução da questão 45 do ENEM de 2023? Está no grupo de Matemática.';

  it("appends the other's message to the open thread without a toast and marks it read", async () => {
    const { api } = openChat('/chat?conversation=c-bruno');
    const log = await thread();
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/chat/conversations/c-bruno/read').length).toBeGreaterThan(0),
    );
    const before = api.callsTo('PUT', '/api/chat/conversations/c-bruno/read').length;
    fakeSocket.receive('chat:message', makeMessage({ id: 'm-live', content: longText }));
    expect(await within(log).findByText(longText)).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/chat/conversations/c-bruno/read').length).toBeGreaterThan(before),
    );
    expect(screen.queryByText(/^Nova mensagem/)).not.toBeInTheDocument();
  });

  it("shows 'Nova mensagem de <nome>' with the first 50 characters outside the open thread, and counts it", async () => {
    openChat('/videos', { 'GET /api/chat/unread-count': ok({ count: 9 }) });
    const shortcut = await screen.findByRole('link', { name: /Mensagens/ });
    await waitFor(() => expect(shortcut).toHaveTextContent('9'));
    fakeSocket.receive('chat:message', makeMessage({ content: longText }));
    await expectToast('Nova mensagem de Bruno Lima', `${longText.slice(0, 50)}…`);
    expect(screen.getByText(`${longText.slice(0, 50)}…`)).toBeInTheDocument();
    expect(shortcut).toHaveTextContent('9+');
    expect(shortcut).toHaveAccessibleName(/10 mensagens não lidas/);
  });

  it('never shows the text of a held or folded message in the toast or the list (issue 43)', async () => {
    const secret = 'Me chama no zap: (11) 91234-5678';
    openChat('/chat');
    await screen.findByRole('link', { name: /Bruno Lima/ });
    // As the server sends them to the minor: the notice as content, the text apart for the tap.
    const held = { content: SAFETY_TEXTS.heldPreview, original: secret, held: true, firstContact: true };
    fakeSocket.receive('chat:message', makeMessage(held));
    await expectToast('Nova mensagem de Bruno Lima', SAFETY_TEXTS.heldPreview);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Bruno Lima/ })).toHaveTextContent(SAFETY_TEXTS.heldPreview),
    );
    expect(screen.queryByText(secret)).not.toBeInTheDocument();
  });

  it('counts a message that arrives while the count is being asked, whatever that answer says', async () => {
    // The count asked as the connection opens again left the server before the message was stored.
    let stored = 9;
    const { held, answerHeld } = heldAnswer();
    let asked = 0;
    let holdAnswer = 0;
    openChat('/videos', {
      'GET /api/chat/unread-count': async () => {
        asked += 1;
        const count = stored;
        if (asked === holdAnswer) await held;
        return ok({ count });
      },
    });
    const shortcut = await screen.findByRole('link', { name: /Mensagens/ });
    await waitFor(() => expect(shortcut).toHaveTextContent('9'));
    await waitFor(() => expect(screen.queryByText('Carregando...')).not.toBeInTheDocument());
    holdAnswer = asked + 1;
    fakeSocket.reconnect();
    await waitFor(() => expect(asked).toBe(holdAnswer));
    stored = 10;
    fakeSocket.receive('chat:message', makeMessage({ content: 'Chegou durante a contagem' }));
    answerHeld();
    await waitFor(() => expect(shortcut).toHaveAccessibleName(/10 mensagens não lidas/));
    expect(shortcut).toHaveTextContent('9+');
  });

  it('counts a message that arrives while the list, left on another screen, is still being asked', async () => {
    // The list asked just before leaving /chat is answered after the message came, without it: with
    // nothing going stale by itself, that answer would have stayed until the next reconnection.
    const { api, state, answerHeld } = listWithHeldAnswer(2);
    const queryClient = createQueryClient();
    const { user } = renderApp('/videos', { storedUser: ana, queryClient });
    const key = getConversationsQueryOptions().queryKey;
    await queryClient.prefetchInfiniteQuery(getConversationsQueryOptions());
    void queryClient.refetchQueries({ queryKey: key, type: 'all' });
    await waitFor(() => expect(state.asked).toBe(2));
    state.stored = 1;
    fakeSocket.receive('chat:message', makeMessage({ content: 'Chegou durante a lista' }));
    answerHeld();
    await waitFor(() => expect(queryClient.getQueryState(key)?.fetchStatus).toBe('idle'));
    await user.click(await screen.findByRole('link', { name: /Mensagens/ }));
    const item = await screen.findByRole('link', { name: /Bruno Lima/ });
    await waitFor(() => expect(item).toHaveAccessibleName(/1 mensagem não lida/));
    expect(api.callsTo('GET', '/api/chat/conversations').length).toBeGreaterThanOrEqual(3);
  });

  it("counts every message that arrives while the list's first answer, asked for the toast, is on its way", async () => {
    // A fresh page outside /chat: the first message asks for the list (the toast's name); the next
    // ones come while that first answer, read before they were stored, is still on its way. A new
    // ask would join it rather than replace it (a query with no answer yet is not cancelled).
    const { api, state, answerHeld } = listWithHeldAnswer(1);
    const { user } = renderApp('/videos', { storedUser: ana });
    const shortcut = await screen.findByRole('link', { name: /Mensagens/ });
    state.stored = 1;
    fakeSocket.receive('chat:message', makeMessage({ id: 'm-1', content: 'Primeira' }));
    await waitFor(() => expect(state.asked).toBe(1));
    state.stored = 3;
    fakeSocket.receive('chat:message', makeMessage({ id: 'm-2', content: 'Segunda' }));
    fakeSocket.receive('chat:message', makeMessage({ id: 'm-3', content: 'Terceira' }));
    answerHeld();
    await waitFor(() => expect(state.asked).toBeGreaterThanOrEqual(2));
    await user.click(shortcut);
    const item = await screen.findByRole('link', { name: /Bruno Lima/ });
    await waitFor(() => expect(item).toHaveAccessibleName(/3 mensagens não lidas/));
    expect(api.callsTo('GET', '/api/chat/conversations').length).toBeGreaterThanOrEqual(2);
  });

  it('shows no toast for one own message sent from another tab', async () => {
    openChat('/videos');
    await screen.findByRole('link', { name: /Mensagens/ });
    fakeSocket.receive('chat:message', makeMessage({ senderId: ana.id, content: 'De outra aba' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/^Nova mensagem/)).not.toBeInTheDocument();
  });

  it("shows 'digitando…' while the other types, until they stop", async () => {
    openChat('/chat?conversation=c-bruno');
    await thread();
    fakeSocket.receive('chat:typing', { conversationId: 'c-bruno', userId: 'u-bruno', isTyping: true });
    expect(screen.getByText(CHAT_MESSAGES.typing)).toBeInTheDocument();
    fakeSocket.receive('chat:typing', { conversationId: 'c-bruno', userId: 'u-bruno', isTyping: false });
    expect(screen.queryByText(CHAT_MESSAGES.typing)).not.toBeInTheDocument();
    fakeSocket.receive('chat:typing', { conversationId: 'c-outra', userId: 'u-carla', isTyping: true });
    expect(screen.queryByText(CHAT_MESSAGES.typing)).not.toBeInTheDocument();
  });

  it('tells the other side while this user types', async () => {
    const { user } = openChat('/chat?conversation=c-bruno');
    await user.type(await messageField(), 'Oi');
    expect(fakeSocket.sentEvents('chat:typing')).toEqual([[{ conversationId: 'c-bruno', isTyping: true }]]);
    await user.keyboard('{Enter}');
    expect(fakeSocket.sentEvents('chat:typing').at(-1)).toEqual([
      { conversationId: 'c-bruno', isTyping: false },
    ]);
  });

  it('marks own messages read when the other reads them', async () => {
    openChat('/chat?conversation=c-bruno', {
      [`GET ${MESSAGES}`]: page([makeMessage({ senderId: ana.id, content: 'Chegou?' })]),
    });
    const log = await thread();
    expect(await within(log).findByRole('img', { name: 'Enviada' })).toBeInTheDocument();
    fakeSocket.receive('chat:read', {
      conversationId: 'c-bruno',
      readerId: 'u-bruno',
      readAt: new Date().toISOString(),
    });
    expect(await within(log).findByRole('img', { name: 'Lida' })).toBeInTheDocument();
  });

  it('after a reconnection fetches what was missed, once, and rejoins the conversation', async () => {
    const first = makeMessage({ id: 'm-0001', content: 'Antes da queda' });
    const missed = makeMessage({ id: 'm-0002', content: 'Durante a queda' });
    const { api } = openChat('/chat?conversation=c-bruno', {
      [`GET ${MESSAGES}`]: () =>
        lastQueryTo(vi.mocked(fetch), MESSAGES).get('after') === 'm-0001' ? page([missed]) : page([first]),
    });
    const log = await thread();
    await within(log).findByText('Antes da queda');
    const joins = fakeSocket.sentEvents('chat:join').length;
    const listFetches = api.callsTo('GET', '/api/chat/conversations').length;

    fakeSocket.dropConnection();
    fakeSocket.reconnect();
    expect(await within(log).findByText('Durante a queda')).toBeInTheDocument();
    expect(lastQueryTo(vi.mocked(fetch), MESSAGES).get('after')).toBe('m-0001');
    expect(fakeSocket.sentEvents('chat:join').length).toBeGreaterThan(joins);
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/chat/conversations').length).toBeGreaterThan(listFetches),
    );
    // The same message live as well: still once.
    fakeSocket.receive('chat:message', missed);
    expect(within(log).getAllByText('Durante a queda')).toHaveLength(1);
    expect(within(log).getAllByRole('listitem')).toHaveLength(2);
  });
});
