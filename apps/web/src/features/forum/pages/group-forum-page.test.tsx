import { GROUP_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, type MockReply, mockApi, ok } from '../../../test/api-mock.ts';
import { classesMatching, paddingClasses } from '../../../test/classes.ts';
import {
  GROUP_ID,
  groupPage,
  memberGroup,
  ownGroup,
  permissionsOf,
  queriesTo,
} from '../../../test/groups.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';
import { deferred, FORUM_API, makeForumComment, makeTopic, pinnedTopic } from '../testing/forum-fixtures.ts';

const PAGE = `/study-groups/${GROUP_ID}/forum`;
const GROUP_API = `/api/study-groups/${GROUP_ID}`;

type Handler = MockReply | (() => MockReply | Promise<MockReply>);

function openForum(handlers: Record<string, Handler> = {}) {
  const api = mockApi(
    {
      [`GET ${GROUP_API}`]: ok(memberGroup()),
      [`GET ${FORUM_API}`]: groupPage([makeTopic()]),
      [`GET ${GROUP_API}/permissions`]: ok(permissionsOf(false)),
      ...handlers,
    },
    ana,
  );
  return { api, ...renderApp(PAGE, { storedUser: ana }) };
}

const topicCard = (title: string) => screen.getByRole('article', { name: title });
const topicButton = (title: string) => screen.getByRole('button', { name: title });
const TITLE = 'Como calcular a velocidade média?';

describe('/study-groups/{groupId}/forum', () => {
  it('shows the header, a way back to the group and the topics with their details', async () => {
    openForum();
    expect(screen.getByRole('heading', { name: 'Fórum do Grupo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/study-groups/${GROUP_ID}`);
    expect(screen.getByRole('status', { name: 'Carregando tópicos' })).toBeInTheDocument();
    const topic = await screen.findByRole('article', { name: TITLE });
    expect(within(topic).getByText('Bruno Lima')).toBeInTheDocument();
    expect(within(topic).getByText('2h atrás')).toBeInTheDocument();
    expect(within(topic).getByText(/Travei na questão 3/)).toHaveClass('line-clamp-2');
    expect(within(topic).getByRole('button', { name: 'Curtir tópico, 2' })).toHaveTextContent('2');
    expect(within(topic).getByText('resposta').parentElement).toHaveTextContent('1 resposta');
    expect(within(topic).queryByText('Fixado')).not.toBeInTheDocument();
  });

  it('pads a topic 16 px from the edges of its card, not 20 + 16', async () => {
    openForum();
    const topic = await screen.findByRole('article', { name: TITLE });
    expect(paddingClasses(topic)).toEqual(['p-4']);
    expect(paddingClasses(topic.parentElement as HTMLElement)).toEqual([]);
  });

  it('edges a pinned topic in amber and colours the heart of a liked one rose', async () => {
    openForum({ [`GET ${FORUM_API}`]: groupPage([makeTopic({ isLiked: true }), pinnedTopic()]) });
    const topic = await screen.findByRole('article', { name: TITLE });
    const colours = (element: Element | null) =>
      classesMatching(element as Element, /^(border|text)-[a-z]+-\d/);
    expect(colours(topicCard('Regras do fórum').parentElement)).toEqual(['border-amber-300']);
    expect(colours(topic.parentElement)).toEqual(['border-slate-200']);
    expect(colours(within(topic).getByRole('button', { name: /^Curtir tópico/ }))).toEqual(['text-rose-600']);
    expect(
      colours(within(topicCard('Regras do fórum')).getByRole('button', { name: /^Curtir tópico/ })),
    ).toEqual(['text-slate-600']);
  });

  it('puts pinned topics first, marked as such', async () => {
    openForum({
      [`GET ${FORUM_API}`]: groupPage([makeTopic(), pinnedTopic({ createdAt: '2026-01-05T12:00:00.000Z' })]),
    });
    await screen.findByRole('article', { name: TITLE });
    const titles = within(screen.getByRole('list', { name: 'Tópicos' }))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Regras do fórum', TITLE]);
    expect(within(topicCard('Regras do fórum')).getByText('Fixado')).toHaveClass('sr-only');
    expect(within(topicCard('Regras do fórum')).getByText('05/01/2026')).toBeInTheDocument();
  });

  it('says so when the forum has no topic yet', async () => {
    openForum({ [`GET ${FORUM_API}`]: groupPage([]) });
    expect(await screen.findByText(GROUP_MESSAGES.forumEmpty)).toBeInTheDocument();
  });

  it('tells a non-member the forum is for members, with a link to the group', async () => {
    openForum({
      [`GET ${GROUP_API}`]: ok(memberGroup({ isMember: false, isPaid: true, price: 4990 })),
      [`GET ${FORUM_API}`]: fail(404, GROUP_MESSAGES.membersOnly, 'NOT_FOUND'),
    });
    expect(await screen.findByText('Conteúdo disponível apenas para membros do grupo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver o grupo' })).toHaveAttribute(
      'href',
      `/study-groups/${GROUP_ID}`,
    );
    expect(screen.queryByRole('button', { name: 'Novo Tópico' })).not.toBeInTheDocument();
  });

  it('expands a topic into its replies and reply box, and collapses it again', async () => {
    const { user } = openForum();
    await screen.findByRole('article', { name: TITLE });
    const button = topicButton(TITLE);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Escreva uma resposta' })).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const replies = screen.getByRole('region', { name: `Respostas a ${TITLE}` });
    expect(button).toHaveAttribute('aria-controls', replies.id);
    expect(within(replies).getByRole('article', { name: 'Resposta de Carla Mendes' })).toHaveTextContent(
      'Divida o deslocamento total pelo tempo total.',
    );
    expect(within(replies).getByRole('textbox', { name: 'Escreva uma resposta' })).toBeInTheDocument();
    expect(within(topicCard(TITLE)).getByText(/Travei na questão 3/)).not.toHaveClass('line-clamp-2');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: `Respostas a ${TITLE}` })).not.toBeInTheDocument();
  });

  it("shows replies oldest first and sends a trimmed reply, reading 'Enviando...' meanwhile", async () => {
    const reply = deferred<MockReply>();
    const { api, user } = openForum({
      [`GET ${FORUM_API}`]: groupPage([
        makeTopic({
          repliesCount: 2,
          comments: [
            makeForumComment({ id: 'fc-old', authorName: 'Ana Souza', content: 'Primeira' }),
            makeForumComment({ id: 'fc-new', content: 'Segunda' }),
          ],
        }),
      ]),
      [`POST ${FORUM_API}/t-1/comments`]: () => reply.promise,
    });
    await screen.findByRole('article', { name: TITLE });
    await user.click(topicButton(TITLE));
    const replies = screen.getByRole('region', { name: `Respostas a ${TITLE}` });
    expect(
      within(replies)
        .getAllByRole('article')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Primeira'), expect.stringContaining('Segunda')]);

    const box = within(replies).getByRole('textbox', { name: 'Escreva uma resposta' });
    const send = within(replies).getByRole('button', { name: 'Responder' });
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.type(box, ' Use Δs/Δt ');
    expect(send).toBeEnabled();
    await user.click(send);
    expect(send).toHaveTextContent('Enviando...');
    expect(send).toBeDisabled();
    expect(api.callsTo('POST', `${FORUM_API}/t-1/comments`)[0]?.body).toEqual({ content: 'Use Δs/Δt' });

    reply.resolve(
      ok(makeForumComment({ id: 'fc-mine', authorName: 'Ana Souza', content: 'Use Δs/Δt' }), 201),
    );
    await expectToast('Comentário adicionado!');
    expect(box).toHaveValue('');
    expect(within(replies).getAllByRole('article').at(-1)).toHaveTextContent('Use Δs/Δt');
    expect(within(topicCard(TITLE)).getByText('respostas').parentElement).toHaveTextContent('3 respostas');
  });

  it("says 'Não foi possível adicionar o comentário.' when a reply fails, keeping the text", async () => {
    const { user } = openForum({ [`POST ${FORUM_API}/t-1/comments`]: fail(500, 'Falhou') });
    await screen.findByRole('article', { name: TITLE });
    await user.click(topicButton(TITLE));
    const box = screen.getByRole('textbox', { name: 'Escreva uma resposta' });
    await user.type(box, 'Minha dúvida');
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    const toast = await expectToast('Erro', 'Não foi possível adicionar o comentário.');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(box).toHaveValue('Minha dúvida');
  });

  it('likes a topic at once, keeps the count the server gives, and undoes a refused unlike', async () => {
    const answer = deferred<MockReply>();
    let calls = 0;
    const { user } = openForum({
      [`POST ${FORUM_API}/t-1/like`]: () => (++calls === 1 ? answer.promise : fail(500, 'Falhou')),
    });
    await screen.findByRole('article', { name: TITLE });
    const like = within(topicCard(TITLE)).getByRole('button', { name: /^Curtir tópico, \d+$/ });
    expect(like).toHaveAttribute('aria-pressed', 'false');

    await user.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(like).toHaveTextContent('3');
    answer.resolve(ok({ isLiked: true, likesCount: 7 }));
    await waitFor(() => expect(like).toHaveTextContent('7'));

    await user.click(like);
    await expectToast('Erro', 'Falhou');
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(like).toHaveTextContent('7');
  });

  it('likes a reply', async () => {
    const { api, user } = openForum({
      [`POST ${FORUM_API}/t-1/comments/fc-1/like`]: ok({ isLiked: true, likesCount: 1 }),
    });
    await screen.findByRole('article', { name: TITLE });
    await user.click(topicButton(TITLE));
    const like = screen.getByRole('button', { name: /^Curtir resposta de Carla Mendes, \d+$/ });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(like).toHaveAccessibleName('Curtir resposta de Carla Mendes, 1');
    expect(api.callsTo('POST', `${FORUM_API}/t-1/comments/fc-1/like`)).toHaveLength(1);
  });

  it("shows and hides the new-topic form; creating needs a title and content and reads 'Criando...'", async () => {
    const created = deferred<MockReply>();
    const { api, user } = openForum({ [`POST ${FORUM_API}`]: () => created.promise });
    await screen.findByRole('article', { name: TITLE });
    const toggle = screen.getByRole('button', { name: 'Novo Tópico' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'Novo Tópico' });
    const create = within(form).getByRole('button', { name: 'Criar tópico' });
    expect(create).toBeDisabled();

    await user.type(within(form).getByLabelText('Título'), '  Energia cinética  ');
    expect(create).toBeDisabled();
    await user.type(within(form).getByLabelText('Conteúdo'), '   ');
    expect(create).toBeDisabled();
    await user.type(within(form).getByLabelText('Conteúdo'), 'Por que o quadrado da velocidade?');
    expect(create).toBeEnabled();

    const loads = api.callsTo('GET', FORUM_API).length;
    await user.click(create);
    expect(create).toHaveTextContent('Criando...');
    expect(create).toBeDisabled();
    expect(api.callsTo('POST', FORUM_API)[0]?.body).toEqual({
      title: 'Energia cinética',
      content: 'Por que o quadrado da velocidade?',
    });

    created.resolve(ok(makeTopic({ id: 't-new', title: 'Energia cinética' }), 201));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Novo Tópico' })).not.toBeInTheDocument());
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(api.callsTo('GET', FORUM_API).length).toBe(loads + 1));

    // Shown again, the form starts empty; a second click on the button hides it.
    await user.click(toggle);
    expect(screen.getByLabelText('Título')).toHaveValue('');
    await user.click(toggle);
    expect(screen.queryByRole('form', { name: 'Novo Tópico' })).not.toBeInTheDocument();
  });

  it("gives a co-teacher 'Fixar' too: the owner and co-teachers moderate the forum", async () => {
    openForum({
      [`GET ${GROUP_API}/permissions`]: ok(permissionsOf(false, true)),
      [`GET ${FORUM_API}`]: groupPage([pinnedTopic(), makeTopic()]),
    });
    await screen.findByRole('article', { name: TITLE });
    await waitFor(() =>
      expect(within(topicCard(TITLE)).getByRole('button', { name: 'Fixar' })).toBeInTheDocument(),
    );
  });

  it("gives only the group's owner 'Fixar' and 'Desafixar', which pin through the server", async () => {
    const { api, user } = openForum({
      [`GET ${GROUP_API}`]: ok(ownGroup()),
      [`GET ${FORUM_API}`]: groupPage([pinnedTopic(), makeTopic()]),
      [`PUT ${FORUM_API}/t-1/pin`]: ok(makeTopic({ isPinned: true })),
    });
    await screen.findByRole('article', { name: TITLE });
    await waitFor(() =>
      expect(within(topicCard(TITLE)).getByRole('button', { name: 'Fixar' })).toBeInTheDocument(),
    );
    expect(
      within(topicCard('Regras do fórum')).getByRole('button', { name: 'Desafixar' }),
    ).toBeInTheDocument();
    const loads = api.callsTo('GET', FORUM_API).length;
    await user.click(within(topicCard(TITLE)).getByRole('button', { name: 'Fixar' }));
    expect(api.callsTo('PUT', `${FORUM_API}/t-1/pin`)[0]?.body).toEqual({ isPinned: true });
    await waitFor(() => expect(api.callsTo('GET', FORUM_API).length).toBe(loads + 1));
  });

  it("shows no 'Fixar' to a member who does not own the group", async () => {
    openForum({ [`GET ${FORUM_API}`]: groupPage([pinnedTopic(), makeTopic()]) });
    await screen.findByRole('article', { name: TITLE });
    await waitFor(() => expect(screen.queryAllByText('Bruno Lima').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Fixar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desafixar' })).not.toBeInTheDocument();
  });

  it("loads the next page with 'Carregar mais' while the server has more", async () => {
    let secondPage = false;
    const { api, user } = openForum({
      [`GET ${FORUM_API}`]: () =>
        secondPage
          ? groupPage([makeTopic({ id: 't-2', title: 'Lançamento oblíquo' })])
          : groupPage([makeTopic()], true),
    });
    await screen.findByRole('article', { name: TITLE });
    secondPage = true;
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('article', { name: 'Lançamento oblíquo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: TITLE })).toBeInTheDocument();
    expect(queriesTo(api.fetchMock, FORUM_API).at(-1)?.get('page')).toBe('2');
  });
});
