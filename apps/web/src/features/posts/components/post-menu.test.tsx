import { POST_MESSAGES } from '@estudai/contract/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { author, makeComment, makePost, page } from '../../../test/posts.ts';
import { renderApp } from '../../../test/render-app.tsx';

const mine = makePost({ id: 'p1', content: 'Bora revisar logaritmo', author: { ...author, id: ana.id } });

describe("the author's card menu", () => {
  it('edits the text of their post and shows it marked editado', async () => {
    const { calls } = mockApi(
      {
        'GET /api/posts': page([mine]),
        'PATCH /api/posts/p1': ({ body }) =>
          ok({ ...mine, ...(body as object), editedAt: new Date().toISOString() }),
      },
      ana,
    );
    const { user } = renderApp('/', { storedUser: ana });
    await user.click(await screen.findByRole('button', { name: 'Opções da publicação' }, { timeout: 5_000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar publicação' });
    const box = within(dialog).getByLabelText('Texto');
    await user.clear(box);
    await user.type(box, 'Bora revisar logaritmos hoje!');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Bora revisar logaritmos hoje!')).toBeInTheDocument();
    expect(screen.getByText(POST_MESSAGES.edited)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      content: 'Bora revisar logaritmos hoje!',
    });
  });

  it("edits a photo post's descriptions for screen readers and removes a photo, keeping the last (issue 36)", async () => {
    const photos = makePost({
      id: 'p1',
      type: 'photo',
      content: 'Meus resumos',
      author: { ...author, id: ana.id },
      mediaUrls: ['https://exemplo.com/a.png', 'https://exemplo.com/b.png'],
      media: [
        { url: 'https://exemplo.com/a.png', sensitivity: 'ok', alt: 'Mapa mental de genética' },
        { url: 'https://exemplo.com/b.png', sensitivity: 'ok' },
      ],
    });
    const { calls } = mockApi(
      {
        'GET /api/posts': page([photos]),
        'PATCH /api/posts/p1': () => ok({ ...photos, editedAt: new Date().toISOString() }),
      },
      ana,
    );
    const { user } = renderApp('/', { storedUser: ana });
    await user.click(await screen.findByRole('button', { name: 'Opções da publicação' }, { timeout: 5_000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar publicação' });
    const list = within(dialog).getByRole('list', { name: 'Imagens' });
    // Thumbnails with their descriptions, not the raw addresses.
    expect(list).not.toHaveTextContent('https://exemplo.com/a.png');
    const first = within(list).getByLabelText('Descrição da imagem 1 (para leitores de tela)');
    expect(first).toHaveValue('Mapa mental de genética');
    await user.clear(first);
    await user.type(first, 'Leis de Mendel ');
    await user.type(within(list).getByLabelText('Descrição da imagem 2 (para leitores de tela)'), 'Tabela');
    await user.click(within(list).getByRole('button', { name: 'Remover imagem 1' }));
    expect(within(list).getByRole('button', { name: 'Remover imagem' })).toBeDisabled();
    expect(within(list).getByLabelText('Descrição da imagem (para leitores de tela)')).toHaveValue('Tabela');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText(POST_MESSAGES.editedTitle);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      content: 'Meus resumos',
      mediaUrls: ['https://exemplo.com/b.png'],
      mediaAlts: ['Tabela'],
    });
  });

  it('says why the options of an answered question cannot change', async () => {
    const question = makePost({
      id: 'p1',
      type: 'question',
      content: 'Derivadas',
      author: { ...author, id: ana.id },
      questionData: { question: 'Derivada de x²?', options: ['x', '2x', 'x²', '2'], correctAnswer: 1 },
    });
    mockApi(
      {
        'GET /api/posts': page([question]),
        'PATCH /api/posts/p1': fail(409, POST_MESSAGES.optionsLocked, 'CONFLICT'),
      },
      ana,
    );
    const { user } = renderApp('/', { storedUser: ana });
    await user.click(await screen.findByRole('button', { name: 'Opções da publicação' }, { timeout: 5_000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar publicação' });
    expect(
      within(dialog).getByText(/As alternativas não podem mudar depois que alguém respondeu/),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText('Texto'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(POST_MESSAGES.optionsLocked)).toBeInTheDocument();
  });

  it('deletes their post only after confirming, and it leaves the feed', async () => {
    const { calls } = mockApi(
      { 'GET /api/posts': page([mine]), 'DELETE /api/posts/p1': ok({ id: 'p1' }) },
      ana,
    );
    const { user } = renderApp('/', { storedUser: ana });
    await user.click(await screen.findByRole('button', { name: 'Opções da publicação' }, { timeout: 5_000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir publicação?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(POST_MESSAGES.deletedTitle)).toBeInTheDocument();
    expect(screen.queryByText('Bora revisar logaritmo')).not.toBeInTheDocument();
  });

  it("offers only 'Denunciar' in the menu of someone else's post (issue 21), no edit or delete", async () => {
    mockApi({ 'GET /api/posts': page([makePost({ id: 'p2', content: 'Post da Carla' })]) }, ana);
    const { user } = renderApp('/', { storedUser: ana });
    expect(await screen.findByText('Post da Carla', undefined, { timeout: 5_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opções da publicação' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Denunciar']);
    expect(screen.queryByRole('menuitem', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Excluir' })).not.toBeInTheDocument();
  });
});

describe("the author's comment", () => {
  const post = makePost({ id: 'p1', commentsCount: 1 });
  const comment = makeComment({
    id: 'c1',
    postId: 'p1',
    content: 'Otima',
    author: { ...author, id: ana.id },
  });

  it('is edited in place and marked editado', async () => {
    let current = comment;
    const { calls } = mockApi(
      {
        'GET /api/posts/p1': ok(post),
        'GET /api/posts/p1/comments': () => page([current]),
        'PATCH /api/comments/c1': ({ body }) => {
          current = { ...comment, ...(body as object), editedAt: new Date().toISOString() };
          return ok(current);
        },
      },
      ana,
    );
    const { user } = renderApp('/post/p1/comments', { storedUser: ana });
    await user.click(await screen.findByRole('button', { name: 'Editar' }, { timeout: 5_000 }));
    const box = screen.getByLabelText('Editar comentário');
    await user.clear(box);
    await user.type(box, 'Ótima pergunta!');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Ótima pergunta!')).toBeInTheDocument();
    expect(screen.getByText(POST_MESSAGES.edited)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ content: 'Ótima pergunta!' });
  });

  it('is deleted after confirming', async () => {
    let list = [comment];
    mockApi(
      {
        'GET /api/posts/p1': ok(post),
        'GET /api/posts/p1/comments': () => page(list),
        'DELETE /api/comments/c1': () => {
          list = [];
          return ok({ id: 'c1' });
        },
      },
      ana,
    );
    const { user } = renderApp('/post/p1/comments', { storedUser: ana });
    await user.click(await screen.findByRole('button', { name: 'Excluir' }, { timeout: 5_000 }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir comentário?' });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await screen.findByText(POST_MESSAGES.commentDeletedTitle);
    expect(screen.queryByText('Otima')).not.toBeInTheDocument();
  });
});
