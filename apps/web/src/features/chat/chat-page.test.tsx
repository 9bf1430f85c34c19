import { CHAT_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ana, fail, ok } from '../../test/api-mock.ts';
import { fakeSocket } from '../../test/fake-socket.ts';
import { currentPath } from '../../test/render-app.tsx';
import { expectToast } from '../../test/toast.ts';
import {
  lastQueryTo,
  makeConversation,
  makeMessage,
  makeMutualFollower,
  page,
} from './testing/chat-fixtures.ts';
import { type ApiHandlers, MESSAGES, messageField, openChat, thread } from './testing/render-chat.tsx';

vi.mock('../../lib/socket.ts', async () => {
  const { fakeSocket } = await import('../../test/fake-socket.ts');
  return { useRealtimeSocket: () => fakeSocket };
});

beforeEach(() => fakeSocket.reset());

describe('chat screen', () => {
  it("says 'Nenhuma conversa' with no conversations and asks to pick one", async () => {
    openChat('/chat', { 'GET /api/chat/conversations': page([]) });
    expect(await screen.findByRole('heading', { name: CHAT_MESSAGES.title })).toBeInTheDocument();
    expect(await screen.findByText(CHAT_MESSAGES.noConversations)).toBeInTheDocument();
    expect(screen.getByText(CHAT_MESSAGES.noSelection)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).not.toBeInTheDocument();
  });

  it('lists conversations with their unread count, capped at 9+', async () => {
    openChat('/chat', {
      'GET /api/chat/conversations': page([
        makeConversation({
          unreadCount: 12,
          lastMessage: { content: 'Bora estudar?', createdAt: new Date().toISOString(), senderId: 'u-bruno' },
          lastMessageAt: new Date().toISOString(),
        }),
        makeConversation({
          id: 'c-carla',
          otherUser: { id: 'u-carla', displayName: 'Carla Dias', username: 'carla', avatar: null },
          unreadCount: 3,
        }),
        makeConversation({
          id: 'c-davi',
          otherUser: { id: 'u-davi', displayName: 'Davi Reis', username: 'davi', avatar: null },
        }),
      ]),
    });
    const list = await screen.findByRole('list', { name: 'Conversas' });
    const [brunoItem, carlaItem, daviItem] = within(list).getAllByRole('link');
    expect(brunoItem).toHaveTextContent('Bruno Lima');
    expect(brunoItem).toHaveTextContent('Bora estudar?');
    expect(brunoItem).toHaveTextContent('9+');
    expect(brunoItem).toHaveAccessibleName(/12 mensagens não lidas/);
    expect(carlaItem).toHaveTextContent('3');
    expect(daviItem).not.toHaveTextContent(/não lidas/);
  });

  it('opens a conversation from the list: the address carries it, it is marked read and joined', async () => {
    const { api, user } = openChat('/chat', {
      'GET /api/chat/conversations': page([makeConversation({ unreadCount: 2 })]),
      [`GET ${MESSAGES}`]: page([makeMessage({ content: 'Oi, Ana!' })]),
    });
    await user.click(await screen.findByRole('link', { name: /Bruno Lima/ }));
    expect(currentPath()).toBe('/chat?conversation=c-bruno');
    expect(within(await thread()).getByText('Oi, Ana!')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/chat/conversations/c-bruno/read').length).toBeGreaterThan(0),
    );
    expect(fakeSocket.sentEvents('chat:join').map(([id]) => id)).toContain('c-bruno');
    // Read: the badge goes.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Bruno Lima/ })).not.toHaveAccessibleName(/não lidas/),
    );
  });

  it('says the thread is empty and invites the first message', async () => {
    openChat('/chat?conversation=c-bruno');
    expect(await screen.findByText(CHAT_MESSAGES.noMessages)).toBeInTheDocument();
    expect(await thread()).toHaveAttribute('aria-live', 'polite');
  });

  it("says 'Conversa não encontrada.' for a conversation that is not the user's, with a way back instead of a retry", async () => {
    const { user } = openChat('/chat?conversation=c-alheia', {
      'GET /api/chat/conversations/c-alheia/messages': fail(404, CHAT_MESSAGES.notFound, 'NOT_FOUND'),
    });
    const thread = await screen.findByRole('region', { name: 'Conversa' });
    expect(await within(thread).findByText(CHAT_MESSAGES.notFound)).toBeInTheDocument();
    expect(within(thread).queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    // No header made up for a conversation that is not there, and nothing to write in.
    expect(within(thread).queryByRole('heading', { name: 'Conversa' })).not.toBeInTheDocument();
    expect(within(thread).queryByRole('textbox', { name: 'Mensagem' })).not.toBeInTheDocument();
    await user.click(within(thread).getByRole('link', { name: 'Voltar para as conversas' }));
    expect(currentPath()).toBe('/chat');
    expect(screen.getByText(CHAT_MESSAGES.noSelection)).toBeInTheDocument();
  });

  it("offers 'Tentar novamente' when the thread could not be loaded for lack of connection", async () => {
    let isOffline = true;
    const { user } = openChat('/chat?conversation=c-bruno', {
      [`GET ${MESSAGES}`]: () => (isOffline ? 'network-error' : page([makeMessage({ content: 'Oi, Ana!' })])),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Servidor não respondeu. Verifique sua conexão.');
    isOffline = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(within(await thread()).getByText('Oi, Ana!')).toBeInTheDocument();
  });

  it('loads older messages with the cursor and puts them above', async () => {
    const { user } = openChat('/chat?conversation=c-bruno', {
      [`GET ${MESSAGES}`]: () =>
        lastQueryTo(vi.mocked(fetch), MESSAGES).get('cursor') === 'm-new'
          ? page([makeMessage({ id: 'm-old', content: 'Antiga' })])
          : page([makeMessage({ id: 'm-new', content: 'Recente' })], true, 'm-new'),
    });
    const log = await thread();
    await user.click(await within(log).findByRole('button', { name: 'Carregar mensagens anteriores' }));
    await within(log).findByText('Antiga');
    const texts = within(log)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent);
    expect(texts).toEqual(['Antiga', 'Recente']);
    expect(
      within(log).queryByRole('button', { name: 'Carregar mensagens anteriores' }),
    ).not.toBeInTheDocument();
  });
});

describe('day separators', () => {
  it("puts 'Hoje', 'Ontem' and older pt-BR dates above each day's messages", async () => {
    const at = (daysAgo: number, hour: number) => {
      const date = new Date();
      date.setDate(date.getDate() - daysAgo);
      date.setHours(hour, 0, 0, 0);
      return date.toISOString();
    };
    const older = new Date();
    older.setDate(older.getDate() - 5);
    const olderLabel = `${older.getDate()} de ${older.toLocaleDateString('pt-BR', { month: 'long' })}`;
    openChat('/chat?conversation=c-bruno', {
      [`GET ${MESSAGES}`]: page([
        makeMessage({ content: 'Semana passada', createdAt: at(5, 9) }),
        makeMessage({ content: 'Ontem cedo', createdAt: at(1, 8) }),
        makeMessage({ content: 'Ontem tarde', createdAt: at(1, 18) }),
        makeMessage({ content: 'Hoje de manhã', createdAt: at(0, 0) }),
      ]),
    });
    const log = await thread();
    await within(log).findByText('Hoje de manhã');
    const days = within(log).getAllByRole('heading', { level: 3 });
    expect(days.map((day) => day.textContent)).toEqual([
      expect.stringContaining(olderLabel),
      'Ontem',
      'Hoje',
    ]);
    const yesterday = within(log).getByRole('region', { name: 'Ontem' });
    expect(
      within(yesterday)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Ontem cedo', 'Ontem tarde']);
    expect(
      within(within(log).getByRole('region', { name: 'Hoje' })).getByText('Hoje de manhã'),
    ).toBeInTheDocument();
  });
});

describe('new conversation', () => {
  const people = [
    makeMutualFollower(),
    makeMutualFollower({ id: 'u-carla', displayName: 'Carla Dias', username: 'carlinha' }),
    makeMutualFollower({ id: 'u-joao', displayName: 'João Pedro', username: 'jp.estuda' }),
  ];

  async function openDialog(handlers: ApiHandlers = {}) {
    const view = openChat('/chat', { 'GET /api/users/mutual-followers': ok(people), ...handlers });
    await view.user.click(await screen.findByRole('button', { name: 'Nova conversa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova conversa' });
    await within(dialog).findByRole('list', { name: 'Seguidores mútuos' });
    return { ...view, dialog };
  }

  // The people offered, by the username each button shows.
  const usernames = (dialog: HTMLElement) =>
    within(dialog)
      .queryAllByRole('button', { name: /@/ })
      .map((button) => button.textContent?.split('@')[1]);

  it('lists mutual followers and filters them by name or username, case-insensitively', async () => {
    const { user, dialog } = await openDialog();
    expect(usernames(dialog)).toEqual(['bruno.lima', 'carlinha', 'jp.estuda']);
    const search = within(dialog).getByRole('searchbox', { name: 'Buscar por nome ou usuário' });
    await user.type(search, 'CARLA');
    expect(usernames(dialog)).toEqual(['carlinha']);
    await user.clear(search);
    await user.type(search, 'Jp.EsTu');
    expect(usernames(dialog)).toEqual(['jp.estuda']);
    await user.clear(search);
    await user.type(search, 'ninguém');
    expect(usernames(dialog)).toEqual([]);
    expect(within(dialog).getByText('Ninguém encontrado.')).toBeInTheDocument();
  });

  it('says who can be chatted with when nobody follows back yet, and how to get there', async () => {
    const { user } = openChat('/chat', { 'GET /api/users/mutual-followers': ok([]) });
    await user.click(await screen.findByRole('button', { name: 'Nova conversa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova conversa' });
    expect(await within(dialog).findByText(CHAT_MESSAGES.mutualOnly)).toBeInTheDocument();
    expect(within(dialog).getByText(/peça uma conexão/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Seguidores mútuos' })).not.toBeInTheDocument();
  });

  it("starts the conversation, says 'Conversa iniciada' and opens it", async () => {
    const { api, user, dialog } = await openDialog({
      'POST /api/chat/conversations': ok(
        makeConversation({
          id: 'c-carla',
          otherUser: { id: 'u-carla', displayName: 'Carla Dias', username: 'carlinha', avatar: null },
        }),
        201,
      ),
      'GET /api/chat/conversations/c-carla/messages': page([]),
      'PUT /api/chat/conversations/c-carla/read': ok({ read: 0 }),
    });
    await user.click(within(dialog).getByRole('button', { name: /Carla Dias/ }));
    await expectToast(CHAT_MESSAGES.started, 'Carla Dias');
    expect(api.callsTo('POST', '/api/chat/conversations')[0]?.body).toEqual({ otherUserId: 'u-carla' });
    await waitFor(() => expect(currentPath()).toBe('/chat?conversation=c-carla'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('puts the focus in the search box on opening, and in the message box once a person is chosen', async () => {
    const { user, dialog } = await openDialog({
      'POST /api/chat/conversations': ok(makeConversation({ id: 'c-bruno' })),
    });
    const search = within(dialog).getByRole('searchbox', { name: 'Buscar por nome ou usuário' });
    await waitFor(() => expect(search).toHaveFocus());
    await user.type(search, 'bruno');
    await user.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const field = await messageField();
    await waitFor(() => expect(field).toHaveFocus());
    // Still there once the closed dialog has had its turn (it gives the focus back a moment later).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field).toHaveFocus();
  });

  it("gives the focus back to 'Nova conversa' when the dialog is closed without choosing anyone", async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Nova conversa' })).toHaveFocus());
  });

  it("shows the server's refusal in an 'Erro ao iniciar conversa' toast, and asks again whom one can chat with", async () => {
    let mutual = people;
    const { user, dialog } = await openDialog({
      'GET /api/users/mutual-followers': () => ok(mutual),
      'POST /api/chat/conversations': fail(403, CHAT_MESSAGES.mutualOnly, 'NOT_MUTUAL_FOLLOWERS'),
    });
    // Bruno stopped following back after the list was read.
    mutual = people.filter((person) => person.username !== 'bruno.lima');
    await user.click(within(dialog).getByRole('button', { name: /Bruno Lima/ }));
    await expectToast(CHAT_MESSAGES.startFailed, CHAT_MESSAGES.mutualOnly);
    expect(currentPath()).toBe('/chat');
    await waitFor(() => expect(usernames(dialog)).toEqual(['carlinha', 'jp.estuda']));
  });

  it("falls back to 'Tente novamente' when no reply came", async () => {
    const { user, dialog } = await openDialog({ 'POST /api/chat/conversations': 'network-error' });
    await user.click(within(dialog).getByRole('button', { name: /Bruno Lima/ }));
    await expectToast(CHAT_MESSAGES.startFailed, CHAT_MESSAGES.fallback);
  });
});

describe('sending', () => {
  it('shows the message at once and keeps one bubble when the live echo also arrives', async () => {
    let reply: (value: ReturnType<typeof ok>) => void = () => {};
    const { api, user } = openChat('/chat?conversation=c-bruno', {
      [`POST ${MESSAGES}`]: () =>
        new Promise((resolve) => {
          reply = resolve;
        }),
    });
    await user.type(await messageField(), '  Vamos revisar física?{Enter}');
    const log = await thread();
    expect(within(log).getByText('Vamos revisar física?')).toBeInTheDocument();
    expect(within(log).getByRole('img', { name: 'Enviando' })).toBeInTheDocument();
    expect(await messageField()).toHaveValue('');

    const [request] = api.callsTo('POST', MESSAGES);
    const { content, clientId } = (request?.body ?? {}) as { content?: string; clientId?: string };
    expect(content).toBe('Vamos revisar física?');
    expect(clientId).toMatch(/^[\w-]{16,}$/);

    const stored = makeMessage({ id: 'm-stored', senderId: ana.id, content, clientId });
    // The server delivers to every tab of the sender before the POST answers.
    fakeSocket.receive('chat:message', stored);
    reply(ok(stored, 201));
    await waitFor(() => expect(within(log).getByRole('img', { name: 'Enviada' })).toBeInTheDocument());
    expect(within(log).getAllByText('Vamos revisar física?')).toHaveLength(1);
    fakeSocket.receive('chat:message', stored);
    expect(within(log).getAllByText('Vamos revisar física?')).toHaveLength(1);
  });

  it('does not send an empty or blank message', async () => {
    const { api, user } = openChat('/chat?conversation=c-bruno');
    const field = await messageField();
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeDisabled();
    await user.type(field, '   {Enter}');
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeDisabled();
    expect(api.callsTo('POST', MESSAGES)).toHaveLength(0);
  });

  it("says 'Erro ao enviar mensagem' on failure; the retry sends the same clientId", async () => {
    let attempt = 0;
    const { api, user } = openChat('/chat?conversation=c-bruno', {
      [`POST ${MESSAGES}`]: ({ body }) => {
        attempt += 1;
        if (attempt === 1) return fail(429, CHAT_MESSAGES.tooFast, 'RATE_LIMITED');
        const { content, clientId } = body as { content: string; clientId: string };
        return ok(makeMessage({ id: 'm-ok', senderId: ana.id, content, clientId }), 201);
      },
    });
    await user.type(await messageField(), 'Oi!{Enter}');
    await expectToast(CHAT_MESSAGES.sendFailed, CHAT_MESSAGES.tooFast);
    const log = await thread();
    await user.click(await within(log).findByRole('button', { name: /Tentar novamente/ }));
    await waitFor(() => expect(within(log).getByRole('img', { name: 'Enviada' })).toBeInTheDocument());
    const [first, second] = api
      .callsTo('POST', MESSAGES)
      .map((call) => (call.body as { clientId: string }).clientId);
    expect(second).toBe(first);
    expect(within(log).getAllByText('Oi!')).toHaveLength(1);
  });

  it('sends over the open socket (chat:send), with no HTTP request, and the stored message replaces the bubble', async () => {
    fakeSocket.answer('chat:send', (payload) => {
      const { content, clientId } = payload as { content: string; clientId: string };
      return { status: 201, data: makeMessage({ id: 'm-socket', senderId: ana.id, content, clientId }) };
    });
    const { api, user } = openChat('/chat?conversation=c-bruno');
    await user.type(await messageField(), 'Pelo socket{Enter}');
    const log = await thread();
    await waitFor(() => expect(within(log).getByRole('img', { name: 'Enviada' })).toBeInTheDocument());
    expect(within(log).getAllByText('Pelo socket')).toHaveLength(1);
    const [[payload]] = fakeSocket.sentEvents('chat:send') as [[{ conversationId: string; content: string }]];
    expect(payload).toMatchObject({ conversationId: 'c-bruno', content: 'Pelo socket' });
    expect(api.callsTo('POST', MESSAGES)).toHaveLength(0);
  });

  it("shows the socket's refusal in the route's words; with the socket down the retry goes by HTTP, same clientId", async () => {
    fakeSocket.answer('chat:send', () => ({
      status: 429,
      error: CHAT_MESSAGES.tooFast,
      code: 'RATE_LIMITED',
      retryAfterSeconds: 8,
    }));
    const { api, user } = openChat('/chat?conversation=c-bruno', {
      [`POST ${MESSAGES}`]: ({ body }) => {
        const { content, clientId } = body as { content: string; clientId: string };
        return ok(makeMessage({ id: 'm-http', senderId: ana.id, content, clientId }), 201);
      },
    });
    await user.type(await messageField(), 'Oi!{Enter}');
    await expectToast(CHAT_MESSAGES.sendFailed, CHAT_MESSAGES.tooFast);
    const log = await thread();
    fakeSocket.dropConnection();
    await user.click(await within(log).findByRole('button', { name: /Tentar novamente/ }));
    await waitFor(() => expect(within(log).getByRole('img', { name: 'Enviada' })).toBeInTheDocument());
    const [[overSocket]] = fakeSocket.sentEvents('chat:send') as [[{ clientId: string }]];
    const [overHttp] = api
      .callsTo('POST', MESSAGES)
      .map((call) => (call.body as { clientId: string }).clientId);
    expect(overHttp).toBe(overSocket.clientId);
    expect(fakeSocket.sentEvents('chat:send')).toHaveLength(1);
  });

  it('inserts a picked emoji into the message', async () => {
    const { user } = openChat('/chat?conversation=c-bruno');
    await user.type(await messageField(), 'Boa');
    await user.click(screen.getByRole('button', { name: 'Inserir emoji' }));
    await user.click(screen.getByRole('button', { name: '🎉' }));
    expect(await messageField()).toHaveValue('Boa🎉');
  });

  it('keeps the emoji picker open to pick several in a row, and closes it with Escape', async () => {
    const { user } = openChat('/chat?conversation=c-bruno');
    await user.type(await messageField(), 'Boa');
    await user.click(screen.getByRole('button', { name: 'Inserir emoji' }));
    await user.click(screen.getByRole('button', { name: '🎉' }));
    await user.click(screen.getByRole('button', { name: '👏' }));
    await user.click(screen.getByRole('button', { name: '🔥' }));
    expect(await messageField()).toHaveValue('Boa🎉👏🔥');
    expect(screen.getByRole('group', { name: 'Emojis' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Emojis' })).not.toBeInTheDocument();
  });
});
