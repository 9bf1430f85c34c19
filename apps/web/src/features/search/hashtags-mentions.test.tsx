import type { TrendingTag, UserSummary } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, mockApi, ok } from '../../test/api-mock.ts';
import { makeComment, makePost, page } from '../../test/posts.ts';
import { currentPath, renderApp } from '../../test/render-app.tsx';

// Issue 21: #hashtags and @mentions linked in posts and comments, the /tag/{tag} page, and the
// suggestions the post and comment boxes offer after '@' and '#'.

const bia: UserSummary = {
  id: 'u-bia',
  displayName: 'Bia Lima',
  username: 'bia.lima',
  avatar: null,
  isVerified: false,
  userType: 'aluno',
  isFollowing: true,
};
const bruno: UserSummary = { ...bia, id: 'u-bruno', displayName: 'Bruno Alves', username: 'bruno' };
const carlos: UserSummary = { ...bia, id: 'u-carlos', displayName: 'Carlos Dias', username: 'carlos.d' };
const tags: TrendingTag[] = [
  { tag: 'enem', postsCount: 4 },
  { tag: 'funcoes', postsCount: 3 },
  { tag: 'fisica', postsCount: 1 },
];

const tagged = makePost({
  id: 'p-tag',
  content: 'Lista de #Funções para o #ENEM, com @bia.lima. Escreva para ana@x.com',
});

describe('hashtags and mentions in posts and comments', () => {
  it('links a #tag to its page and an @username to the profile, not an e-mail', async () => {
    mockApi({ 'GET /api/posts': page([tagged]) }, ana);
    renderApp('/', { storedUser: ana });
    const post = await screen.findByRole('article', { name: /Carla Mendes/ });
    expect(within(post).getByRole('link', { name: '#Funções' })).toHaveAttribute(
      'href',
      '/tag/Fun%C3%A7%C3%B5es',
    );
    expect(within(post).getByRole('link', { name: '#ENEM' })).toHaveAttribute('href', '/tag/ENEM');
    // The sentence's full stop is not part of the handle.
    expect(within(post).getByRole('link', { name: '@bia.lima' })).toHaveAttribute('href', '/user/bia.lima');
    expect(within(post).queryByRole('link', { name: /x\.com/ })).not.toBeInTheDocument();
    expect(post).toHaveTextContent('Escreva para ana@x.com');
  });

  it('links them in comments too', async () => {
    mockApi(
      {
        'GET /api/posts/p-1': ok(makePost()),
        'GET /api/posts/p-1/comments': page([makeComment({ content: 'Boa, @bruno! Veja #fisica' })]),
      },
      ana,
    );
    renderApp('/post/p-1/comments', { storedUser: ana });
    const comment = await screen.findByRole('article', { name: 'Comentário de Ana Souza' });
    expect(within(comment).getByRole('link', { name: '@bruno' })).toHaveAttribute('href', '/user/bruno');
    expect(within(comment).getByRole('link', { name: '#fisica' })).toHaveAttribute('href', '/tag/fisica');
  });

  it('opens /tag/{tag} from a post, listing the posts the search finds for it', async () => {
    const api = mockApi(
      {
        'GET /api/posts': page([tagged]),
        'GET /api/search': page([tagged, makePost({ id: 'p-2', content: 'Mais #funcoes hoje' })]),
      },
      ana,
    );
    const { user } = renderApp('/', { storedUser: ana });
    await user.click(await screen.findByRole('link', { name: '#Funções' }));
    expect(await screen.findByRole('heading', { name: '#Funções' })).toBeInTheDocument();
    expect(currentPath()).toBe('/tag/Fun%C3%A7%C3%B5es');
    expect(await screen.findByText(/Mais/)).toBeInTheDocument();
    const [search] = api.callsTo('GET', '/api/search');
    expect(new URLSearchParams(search?.query).get('q')).toBe('#Funções');
    expect(new URLSearchParams(search?.query).get('type')).toBe('posts');
  });

  it('shows the server’s message for a tag too long', async () => {
    const message = 'A hashtag deve ter no máximo 100 caracteres.';
    mockApi({ 'GET /api/search': { status: 400, body: { error: message, code: 'BAD_REQUEST' } } }, ana);
    renderApp(`/tag/${'a'.repeat(101)}`, { storedUser: ana });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('suggestions after @ and #', () => {
  const handlers = {
    'GET /api/posts': page([]),
    [`GET /api/users/${ana.id}/following`]: page([bia, bruno, carlos]),
    'GET /api/search/trending-tags': ok(tags),
  };

  it('offers the people the author follows after @ in the post box, picked with the keyboard', async () => {
    mockApi(handlers, ana);
    const { user } = renderApp('/?create-post=1', { storedUser: ana });
    const box = await screen.findByRole('textbox', { name: 'Conteúdo' });
    await user.type(box, 'Estudando com @b');
    const list = await screen.findByRole('listbox', { name: 'Pessoas que você segue' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'BLBia Lima@bia.lima',
      'BABruno Alves@bruno',
    ]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(within(list).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Estudando com @bruno ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // Escape closes the list, not the dialog.
    await user.type(box, '@car');
    expect(await screen.findByRole('option', { name: /Carlos Dias/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Criar novo post' })).toBeInTheDocument();
  });

  it('asks the server for the followed people matching what was typed, not only a first page', async () => {
    const ze: UserSummary = { ...bia, id: 'u-ze', displayName: 'José Conceição', username: 'ze.c' };
    const api = mockApi(
      {
        ...handlers,
        // The server's answer depends on `q`: José is on no first page, only in the narrowed list.
        [`GET /api/users/${ana.id}/following`]: ({ query }) =>
          page(new URLSearchParams(query).get('q')?.startsWith('jos') ? [ze] : [bia, bruno, carlos]),
      },
      ana,
    );
    const { user } = renderApp('/?create-post=1', { storedUser: ana });
    const box = await screen.findByRole('textbox', { name: 'Conteúdo' });
    await user.type(box, 'Valeu, @jos');
    expect(await screen.findByRole('option', { name: /José Conceição/ })).toBeInTheDocument();
    const asked = api.callsTo('GET', `/api/users/${ana.id}/following`).map((call) => call.query);
    expect(asked).toContain('?page=1&limit=20&q=jos');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Valeu, @ze.c ');
  });

  it('offers popular tags after # in the comment box, picked with the mouse', async () => {
    mockApi(
      {
        ...handlers,
        'GET /api/posts/p-1': ok(makePost()),
        'GET /api/posts/p-1/comments': page([]),
      },
      ana,
    );
    const { user } = renderApp('/post/p-1/comments', { storedUser: ana });
    const box = await screen.findByRole('textbox', { name: 'Escreva um comentário' });
    await user.type(box, 'Revisem #f');
    const list = await screen.findByRole('listbox', { name: 'Hashtags populares' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['#funcoes3 posts', '#fisica1 post']);
    await user.click(within(list).getByRole('option', { name: /#fisica/ }));
    expect(box).toHaveValue('Revisem #fisica ');
    await waitFor(() => expect(box).toHaveFocus());
    // Enter with no list open still sends the comment as before.
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
