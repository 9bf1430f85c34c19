import type { StudyPlan } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ana, mockApi, ok } from '../../../test/api-mock.ts';
import { meOf } from '../../../test/me.ts';
import { makePost, page } from '../../../test/posts.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';

// Issue 21: 'Para você' | 'Seguindo' above the feed, and the first-run step that seeds 'Para você'.

const feeds = (api: ReturnType<typeof mockApi>) => api.callsTo('GET', '/api/posts').map((call) => call.query);
const feedsAsked = (api: ReturnType<typeof mockApi>) => [...new Set(feeds(api))];

describe('feed tabs', () => {
  it("opens on 'Para você', switches to 'Seguindo' (kept in the address) and asks for that feed", async () => {
    const api = mockApi(
      {
        'GET /api/posts': (request) =>
          request.query?.includes('feed=following')
            ? page([makePost({ id: 'p-amigo', content: 'Post de quem eu sigo' })])
            : page([makePost({ id: 'p-geral', content: 'Post recomendado' })]),
      },
      ana,
    );
    renderApp('/', { storedUser: ana });
    const user = userEvent.setup();
    const forYou = await screen.findByRole('tab', { name: 'Para você' });
    expect(forYou).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Post recomendado')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Seguindo' }));
    expect(screen.getByRole('tab', { name: 'Seguindo' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Post de quem eu sigo')).toBeInTheDocument();
    expect(currentPath()).toBe('/?feed=seguindo');
    expect(feedsAsked(api)).toEqual(['?limit=10', '?limit=10&feed=following']);
  });

  it("opens 'Seguindo' from the address, and when nobody is followed points to people to follow", async () => {
    mockApi({ 'GET /api/posts': page([]) }, ana);
    renderApp('/?feed=seguindo', { storedUser: ana });
    const panel = await screen.findByRole('tabpanel', { name: 'Seguindo' });
    expect(await within(panel).findByText('Você ainda não segue ninguém')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Encontrar pessoas para seguir' })).toHaveAttribute(
      'href',
      '/busca?tipo=people',
    );
  });
});

describe('a post just published', () => {
  it("stays on top of 'Para você' though the server ranks it lower", async () => {
    const mine = makePost({ id: 'p-meu', content: 'Meu resumo novo' });
    let published = false;
    mockApi(
      {
        // The server ranks one's own new post by age: below a followed person's older post.
        'GET /api/posts': () =>
          page(
            published
              ? [makePost({ id: 'p-amigo', content: 'Post de quem eu sigo' }), mine]
              : [makePost({ id: 'p-amigo', content: 'Post de quem eu sigo' })],
          ),
        'POST /api/posts': () => {
          published = true;
          return ok(mine, 201);
        },
      },
      ana,
    );
    renderApp('/', { storedUser: ana });
    const user = userEvent.setup();
    expect(await screen.findByText('Post de quem eu sigo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Compartilhe algo com a comunidade/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar novo post' });
    await user.type(within(dialog).getByLabelText('Conteúdo'), 'Meu resumo novo');
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    await waitFor(() =>
      expect(screen.getAllByRole('article').map((post) => post.textContent)).toEqual([
        expect.stringContaining('Meu resumo novo'),
        expect.stringContaining('Post de quem eu sigo'),
      ]),
    );
  });
});

describe('first-run study plan', () => {
  it('asks a new person for goal and subjects, saves them and asks for Para você again', async () => {
    const saved = meOf(ana, { studyPlan: { goal: 'enem', subjects: ['quimica', 'biologia'] } });
    const api = mockApi(
      {
        'GET /api/auth/session': ok(meOf(ana, { studyPlan: null })),
        'GET /api/posts': page([]),
        'PUT /api/users/me/study-plan': ok(saved),
      },
      ana,
    );
    renderApp('/', { storedUser: ana });
    const user = userEvent.setup();
    const step = await screen.findByRole('region', { name: 'Monte o seu feed' });
    await user.click(within(step).getByRole('button', { name: 'Salvar e ver meu feed' }));
    expect(within(step).getByRole('alert')).toHaveTextContent(
      'Escolha seu objetivo: ENEM, vestibular ou concurso.',
    );
    await user.click(within(step).getByRole('button', { name: 'ENEM' }));
    await user.click(within(step).getByRole('button', { name: 'Química' }));
    await user.click(within(step).getByRole('button', { name: 'Biologia' }));
    const before = feeds(api).length;
    await user.click(within(step).getByRole('button', { name: 'Salvar e ver meu feed' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Monte o seu feed' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('PUT', '/api/users/me/study-plan').map((call) => call.body)).toEqual([
      { goal: 'enem', subjects: ['quimica', 'biologia'] },
    ]);
    await waitFor(() => expect(feeds(api).length).toBeGreaterThan(before));
  });

  it("can be left for later with 'Agora não'", async () => {
    mockApi({ 'GET /api/auth/session': ok(meOf(ana, { studyPlan: null })), 'GET /api/posts': page([]) }, ana);
    renderApp('/', { storedUser: ana });
    const user = userEvent.setup();
    const step = await screen.findByRole('region', { name: 'Monte o seu feed' });
    await user.click(within(step).getByRole('button', { name: 'Agora não' }));
    expect(screen.queryByRole('region', { name: 'Monte o seu feed' })).not.toBeInTheDocument();
  });

  it("is never asked of a guardian's account (issue 36), which opens on its dashboard's link instead of the study links", async () => {
    const marta = { ...ana, id: 'u-marta', userType: 'responsavel' as const };
    mockApi(
      { 'GET /api/auth/session': ok(meOf(marta, { studyPlan: null })), 'GET /api/posts': page([]) },
      marta,
    );
    renderApp('/', { storedUser: marta });
    expect(await screen.findByRole('tab', { name: 'Seguindo' })).toBeInTheDocument();
    // The feed opens with the way to the guardian's dashboard, not the study links.
    expect(screen.getByRole('link', { name: /Painel do responsável/ })).toHaveAttribute(
      'href',
      '/responsavel',
    );
    expect(screen.queryByRole('navigation', { name: 'Estudo' })).not.toBeInTheDocument();
    // The step loads lazily: given the time it takes a student's to appear, it never does.
    await expect(
      screen.findByRole('region', { name: 'Monte o seu feed' }, { timeout: 1500 }),
    ).rejects.toThrow();
  });

  it("comes back a week after 'Agora não', not before", async () => {
    mockApi({ 'GET /api/auth/session': ok(meOf(ana, { studyPlan: null })), 'GET /api/posts': page([]) }, ana);
    const day = 24 * 60 * 60 * 1000;
    localStorage.setItem('estudai:study-plan-later', String(Date.now() - 6 * day));
    const first = renderApp('/', { storedUser: ana });
    expect(await screen.findByRole('tab', { name: 'Seguindo' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Monte o seu feed' })).not.toBeInTheDocument();
    first.unmount();
    localStorage.setItem('estudai:study-plan-later', String(Date.now() - 8 * day));
    renderApp('/', { storedUser: ana });
    expect(await screen.findByRole('region', { name: 'Monte o seu feed' })).toBeInTheDocument();
  });

  it("changes goal and subjects any time from Configurações › 'Objetivo e matérias'", async () => {
    const plan: StudyPlan = { goal: 'enem', subjects: ['quimica'] };
    const api = mockApi(
      {
        'GET /api/auth/session': ok(meOf(ana, { studyPlan: plan })),
        'GET /api/posts': page([]),
        'PUT /api/users/me/study-plan': ok(
          meOf(ana, { studyPlan: { goal: 'concurso', subjects: ['quimica'] } }),
        ),
      },
      ana,
    );
    renderApp('/configuracoes/objetivo', { storedUser: ana });
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Monte o seu feed' });
    expect(within(form).getByRole('button', { name: 'Química' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(form).getByRole('button', { name: 'Concurso' }));
    await user.click(within(form).getByRole('button', { name: 'Salvar e ver meu feed' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(api.callsTo('PUT', '/api/users/me/study-plan').map((call) => call.body)).toEqual([
      { goal: 'concurso', subjects: ['quimica'] },
    ]);
  });
});
