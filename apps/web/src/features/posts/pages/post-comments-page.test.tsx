import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ana, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { makeComment, makePost, page, questionPost } from '../../../test/posts.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

const reply = makeComment({
  id: 'c-reply',
  parentId: 'c-1',
  content: 'Concordo, use $E = mc^2$.',
  author: { ...makeComment().author, id: 'u-bia', displayName: 'Bia Lima', username: 'bia' },
});
const thread = makeComment({ replies: [reply] });

function openComments(path = '/post/p-question/comments', handlers = {}) {
  const api = mockApi(
    {
      'GET /api/posts/p-question': ok(questionPost({ content: 'Revisão de Biologia' })),
      'GET /api/posts/p-question/comments': page([thread]),
      ...handlers,
    },
    ana,
  );
  const view = renderApp(path, { storedUser: ana });
  return { api, ...view };
}

const comment = (name: string) => screen.getByRole('article', { name: `Comentário de ${name}` });

describe('/post/{postId}/comments', () => {
  it('shows the post and its comments with replies one level deep', async () => {
    openComments();
    expect(await screen.findByText('Qual organela produz ATP?')).toBeInTheDocument();
    expect(screen.getByText('Revisão de Biologia')).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Comentário de Ana Souza' });
    expect(within(comment('Ana Souza')).getByText('10m')).toBeInTheDocument();
    const replies = screen.getByRole('list', { name: 'Respostas a Ana Souza' });
    expect(within(replies).getByRole('article', { name: 'Comentário de Bia Lima' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(replies)
          .getByText(/Concordo/)
          .parentElement?.querySelector('math'),
      ).not.toBeNull(),
    );
  });

  it("shows the post's photo, as a comment notification opens it", async () => {
    const { user } = openComments('/post/p-photo/comments/c-1', {
      'GET /api/posts/p-photo': ok(
        makePost({
          id: 'p-photo',
          type: 'photo',
          content: 'Meu mapa mental',
          mediaUrls: ['https://a.com/mapa.png'],
        }),
      ),
      'GET /api/posts/p-photo/comments': page([thread]),
    });
    expect(await screen.findByText('Meu mapa mental')).toBeInTheDocument();
    const photo = screen.getByRole('button', { name: 'Ver imagem 1 de 1' });
    expect(photo.querySelector('img')).toHaveAttribute('src', 'https://a.com/mapa.png');
    await user.click(photo);
    expect(await screen.findByRole('dialog', { name: 'Imagem 1 de 1' })).toBeInTheDocument();
  });

  it("lists a file post's attachments above its comments", async () => {
    openComments('/post/p-file/comments', {
      'GET /api/posts/p-file': ok(
        makePost({
          id: 'p-file',
          type: 'attachment',
          content: 'Lista',
          mediaUrls: ['https://a.com/lista.pdf'],
        }),
      ),
      'GET /api/posts/p-file/comments': page([]),
    });
    const attachments = await screen.findByRole('list', { name: 'Anexos' });
    expect(within(attachments).getByRole('link')).toHaveAttribute('href', 'https://a.com/lista.pdf');
  });

  it("says 'Post não encontrado' when the post does not exist", async () => {
    openComments('/post/p-x/comments', {
      'GET /api/posts/p-x': fail(404, 'Post não encontrado', 'NOT_FOUND'),
      'GET /api/posts/p-x/comments': fail(404, 'Post não encontrado', 'NOT_FOUND'),
    });
    expect(await screen.findByText('Post não encontrado')).toBeInTheDocument();
    expect(screen.queryByLabelText('Escreva um comentário')).not.toBeInTheDocument();
  });

  it('scrolls to the linked comment after 500 ms and highlights it for 3 s', async () => {
    vi.useFakeTimers();
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    openComments('/post/p-question/comments/c-reply');
    for (let i = 0; i < 20 && !screen.queryByRole('article', { name: 'Comentário de Bia Lima' }); i++) {
      await act(() => vi.advanceTimersByTimeAsync(0));
    }
    const target = comment('Bia Lima');
    expect(target).toHaveAttribute('id', 'comment-c-reply');
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(target).not.toHaveAttribute('data-highlighted');
    expect(scrollIntoView).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(comment('Bia Lima')).toHaveAttribute('data-highlighted', 'true');
    expect(comment('Ana Souza')).not.toHaveAttribute('data-highlighted');
    expect(scrollIntoView).toHaveBeenCalled();
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(comment('Bia Lima'));
    await act(() => vi.advanceTimersByTimeAsync(2_999));
    expect(comment('Bia Lima')).toHaveAttribute('data-highlighted', 'true');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(comment('Bia Lima')).not.toHaveAttribute('data-highlighted');
  });

  it("adds a trimmed comment, says 'Comentário adicionado!' and refreshes the list", async () => {
    const { api, user } = openComments('/post/p-question/comments', {
      'POST /api/posts/p-question/comments': ok(makeComment({ id: 'c-new', content: 'Valeu!' }), 201),
    });
    const input = await screen.findByLabelText('Escreva um comentário');
    const send = screen.getByRole('button', { name: 'Enviar comentário' });
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.type(input, ' Valeu! ');
    const loads = api.callsTo('GET', '/api/posts/p-question/comments').length;
    await user.click(send);
    await expectToast('Comentário adicionado!');
    expect(api.callsTo('POST', '/api/posts/p-question/comments')[0]?.body).toEqual({
      content: 'Valeu!',
      parentId: null,
    });
    expect(input).toHaveValue('');
    await waitFor(() => expect(api.callsTo('GET', '/api/posts/p-question/comments').length).toBe(loads + 1));
  });

  it('replies under the top-level comment, also when answering a reply', async () => {
    const { api, user } = openComments('/post/p-question/comments', {
      'POST /api/posts/p-question/comments': ok(makeComment({ id: 'c-new' }), 201),
    });
    await screen.findByRole('article', { name: 'Comentário de Bia Lima' });
    await user.click(screen.getByRole('button', { name: 'Responder a Bia Lima' }));
    expect(screen.getByText(/Respondendo a/)).toHaveTextContent('Respondendo a Bia Lima');
    await user.type(screen.getByLabelText('Escreva uma resposta'), 'Boa!{Enter}');
    await expectToast('Comentário adicionado!');
    expect(api.callsTo('POST', '/api/posts/p-question/comments')[0]?.body).toEqual({
      content: 'Boa!',
      parentId: 'c-1',
    });
    expect(screen.queryByText(/Respondendo a/)).not.toBeInTheDocument();
  });

  it("says 'Não foi possível adicionar o comentário.' when sending fails, keeping the text", async () => {
    const { user } = openComments('/post/p-question/comments', {
      'POST /api/posts/p-question/comments': fail(500, 'Falhou'),
    });
    const input = await screen.findByLabelText('Escreva um comentário');
    await user.type(input, 'Oi');
    await user.click(screen.getByRole('button', { name: 'Enviar comentário' }));
    await expectToast('Erro', 'Não foi possível adicionar o comentário.');
    expect(input).toHaveValue('Oi');
  });

  it('inserts emojis from the fixed list', async () => {
    const { user } = openComments();
    const input = await screen.findByLabelText('Escreva um comentário');
    await user.type(input, 'Adorei ');
    await user.click(screen.getByRole('button', { name: 'Inserir emoji' }));
    const emojis = screen.getByRole('group', { name: 'Emojis' });
    expect(within(emojis).getAllByRole('button').length).toBeGreaterThan(10);
    await user.click(within(emojis).getByRole('button', { name: '🔥' }));
    expect(input).toHaveValue('Adorei 🔥');
    // The picker stays open for the next one (issue 23) until Escape or a click outside.
    await user.click(within(emojis).getByRole('button', { name: '👏' }));
    expect(input).toHaveValue('Adorei 🔥👏');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Emojis' })).not.toBeInTheDocument();
  });

  it('likes a comment at once', async () => {
    const { user } = openComments('/post/p-question/comments', {
      'POST /api/comments/c-1/like': ok({ isLiked: true, likesCount: 1 }),
    });
    await screen.findByRole('article', { name: 'Comentário de Ana Souza' });
    const like = within(comment('Ana Souza')).getByRole('button', { name: 'Curtir comentário, 0' });
    await user.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(like).toHaveTextContent('1');
    expect(like).toHaveAccessibleName('Curtir comentário, 1');
  });

  it('goes back to / when there is no history', async () => {
    const { user } = openComments();
    await screen.findByText('Qual organela produz ATP?');
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(currentPath()).toBe('/');
  });

  it('goes back through the history when there is one', async () => {
    mockApi(
      {
        'GET /api/posts': page([makePost({ id: 'p-question', type: 'text', content: 'Olá' })]),
        'GET /api/posts/p-question': ok(makePost({ id: 'p-question', content: 'Olá' })),
        'GET /api/posts/p-question/comments': page([]),
      },
      ana,
    );
    // The feed with a query the fallback to / would not keep.
    const { user } = renderApp('/?origem=feed', { storedUser: ana });
    await user.click(await screen.findByRole('link', { name: 'Comentários, 0' }));
    expect(
      await screen.findByText('Nenhum comentário ainda. Seja o primeiro a comentar!'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(currentPath()).toBe('/?origem=feed');
  });
});
