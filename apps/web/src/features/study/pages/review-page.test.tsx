import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ana, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { bankQuestion, notebookEntry, reviewResult } from '../testing/study-fixtures.ts';

/** A lazy page's first render on a busy machine may take longer than findBy's default second. */
const FIRST_RENDER = { timeout: 5_000 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function openReview(entries = [notebookEntry()], handlers = {}) {
  const api = mockApi(
    {
      'GET /api/reviews/due': { status: 200, body: { data: entries, count: entries.length, hasMore: false } },
      'POST /api/reviews/e-funcao': ok(reviewResult('e-funcao'), 201),
      'POST /api/reviews/e-manual': ok(reviewResult('e-manual'), 201),
      ...handlers,
    },
    ana,
  );
  return { api, ...renderApp('/caderno/revisao', { storedUser: ana }) };
}

describe('review', { timeout: 15_000 }, () => {
  it("hides the key until answered, presets 'Errei' after a wrong answer and posts the chosen rating", async () => {
    const { api, user } = openReview();
    expect(await screen.findByText('1 de 1', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /resposta correta/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'x = 2' }));
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    expect(screen.getByText('Resposta incorreta.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'x = 3 (resposta correta)' })).toBeInTheDocument();
    expect(screen.getByText('2x − 6 = 0, logo x = 3.')).toBeInTheDocument();
    // Judged on the device: the card came with its key.
    expect(api.callsTo('POST', '/api/posts/p-funcao/answer')).toHaveLength(0);
    // Each rating one tap, with the interval it gives (ts-fsrs, as the server); a miss suggests 'Errei'.
    const ratings = screen.getAllByRole('button', { name: /·/ }).map((button) => button.textContent);
    expect(ratings).toEqual([
      'Errei · 1 mintecla 1',
      'Difícil · 6 mintecla 2',
      'Bom · 10 mintecla 3',
      'Fácil · 8 diastecla 4',
    ]);
    expect(screen.getByRole('button', { name: 'Errei · 1 min' })).toHaveAttribute('data-suggested', 'true');
    expect(screen.getByRole('button', { name: 'Errei · 1 min' })).toHaveFocus();

    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Difícil · 6 min' }));
    // Its learning step comes due within the session and nothing else is left: it is back.
    expect(await screen.findByRole('button', { name: 'Responder' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'x = 3' }));
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    await user.keyboard('4');
    expect(
      await screen.findByText(/^Tudo revisado por agora 🎉 A próxima questão volta em \d+ dias\.$/),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/reviews/e-funcao')).toHaveLength(2));
    const body = api.callsTo('POST', '/api/reviews/e-funcao')[0]?.body as {
      rating: string;
      clientId: string;
      reviewedAt: string;
    };
    expect(body.rating).toBe('hard');
    expect(body.clientId).toMatch(UUID);
    expect(new Date(body.reviewedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("presets 'Bom' after a right answer; a card never answered is corrected by the server first", async () => {
    const manual = notebookEntry({
      id: 'e-manual',
      reason: 'manual',
      question: bankQuestion(),
    });
    const { api, user } = openReview([manual], {
      'POST /api/posts/p-funcao/answer': ok({ optionIndex: 1, isCorrect: true, correctAnswer: 1 }, 201),
    });
    await user.click(await screen.findByRole('radio', { name: 'x = 3' }, FIRST_RENDER));
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    expect(await screen.findByText('Você acertou!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/posts/p-funcao/answer')[0]?.body).toEqual({ optionIndex: 1 });
    expect(screen.getByRole('button', { name: /^Bom · / })).toHaveAttribute('data-suggested', 'true');
    await user.keyboard('3');
    await waitFor(() => expect(api.callsTo('POST', '/api/reviews/e-manual')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/reviews/e-manual')[0]?.body).toMatchObject({ rating: 'good' });
  });

  it("'Desfazer' takes the last rating back: still queued offline, it never leaves the device", async () => {
    const { api, user } = openReview([notebookEntry()], { 'POST /api/reviews/e-funcao': 'network-error' });
    await user.click(await screen.findByRole('radio', { name: 'x = 3' }, FIRST_RENDER));
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    await user.click(screen.getByRole('button', { name: /^Fácil · / }));
    expect(await screen.findByText(/^Tudo revisado por agora/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(await screen.findByText('1 de 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Responder' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/aguardando sincronização/)).not.toBeInTheDocument());
    expect(localStorage.getItem(`estudai:review-queue:${ana.id}`)).toBeNull();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it("'Desfazer' of a review the server has asks the server to undo it", async () => {
    const clientId = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(clientId);
    const { api, user } = openReview([notebookEntry()], {
      [`DELETE /api/reviews/e-funcao/${clientId}`]: ok({ entryId: 'e-funcao' }),
    });
    await user.click(await screen.findByRole('radio', { name: 'x = 3' }, FIRST_RENDER));
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    await user.click(screen.getByRole('button', { name: /^Fácil · / }));
    await waitFor(() => expect(api.callsTo('POST', '/api/reviews/e-funcao')).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Desfazer' }));
    await waitFor(() => expect(api.callsTo('DELETE', `/api/reviews/e-funcao/${clientId}`)).toHaveLength(1));
    expect(await screen.findByText('Revisão desfeita.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Responder' })).toBeInTheDocument();
  });

  it("says 'Nada para revisar hoje 🎉' when nothing is due", async () => {
    openReview([]);
    expect(await screen.findByText('Nada para revisar hoje 🎉', {}, FIRST_RENDER)).toBeInTheDocument();
  });

  it('works from the cards saved on the device when offline, and says how many reviews wait', async () => {
    const online = openReview([notebookEntry()]);
    expect(await screen.findByText('1 de 1', {}, FIRST_RENDER)).toBeInTheDocument();
    online.unmount();

    // The connection is gone: the due list and the review both fail to leave the device.
    const { user } = openReview([], {
      'GET /api/reviews/due': 'network-error',
      'POST /api/reviews/e-funcao': 'network-error',
    });
    expect(
      await screen.findByText('Sem conexão: revisando as questões salvas neste aparelho.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'x = 3' }));
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    await user.click(screen.getByRole('button', { name: /^Fácil · / }));
    expect(await screen.findByText('1 revisão aguardando sincronização')).toBeInTheDocument();
  });

  it("drops the 'Sem conexão' note when the connection returns, keeping the card in hand (issue 36)", async () => {
    const online = openReview([notebookEntry()]);
    expect(await screen.findByText('1 de 1', {}, FIRST_RENDER)).toBeInTheDocument();
    online.unmount();

    let connected = false;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    const { api } = openReview([], {
      'GET /api/reviews/due': () =>
        connected
          ? { status: 200, body: { data: [notebookEntry()], count: 1, hasMore: false } }
          : 'network-error',
    });
    const note = 'Sem conexão: revisando as questões salvas neste aparelho.';
    expect(await screen.findByText(note, {}, FIRST_RENDER)).toBeInTheDocument();
    const asked = api.callsTo('GET', '/api/reviews/due').length;

    connected = true;
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(note)).not.toBeInTheDocument());
    expect(api.callsTo('GET', '/api/reviews/due').length).toBeGreaterThan(asked);
    expect(screen.getByText('1 de 1')).toBeInTheDocument();
  });

  it('does not bring back offline a card already reviewed today', async () => {
    const online = openReview([notebookEntry()]);
    await online.user.click(await screen.findByRole('radio', { name: 'x = 3' }, FIRST_RENDER));
    await online.user.click(screen.getByRole('button', { name: 'Responder' }));
    await online.user.click(screen.getByRole('button', { name: /^Fácil · / }));
    await waitFor(() => expect(online.api.callsTo('POST', '/api/reviews/e-funcao')).toHaveLength(1));
    online.unmount();

    openReview([], { 'GET /api/reviews/due': 'network-error' });
    expect(await screen.findByText('Nada para revisar hoje 🎉', {}, FIRST_RENDER)).toBeInTheDocument();
  });

  it("shows a flashcard's front images, and its back images only with the back", async () => {
    const front = 'http://localhost:3000/media/cards/0123456789abcdef0123456789abcdef.webp';
    const back = 'http://localhost:3000/media/cards/fedcba9876543210fedcba9876543210.webp';
    const card = {
      kind: 'card',
      id: 'c-coracao',
      deckId: 'd-anatomia',
      deckName: 'Anatomia › Coração',
      front: 'Qual câmara do coração é esta?',
      back: 'Ventrículo esquerdo',
      frontImages: [{ url: front, sensitivity: 'ok' }],
      backImages: [{ url: back, sensitivity: 'ok' }],
      createdAt: '2026-11-20T12:00:00.000Z',
      card: notebookEntry().card,
    };
    const { user } = openReview([card as never]);
    expect(await screen.findByText('Qual câmara do coração é esta?', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(document.querySelector(`img[src="${front}"]`)).not.toBeNull();
    expect(document.querySelector(`img[src="${back}"]`)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mostrar verso' }));
    expect(screen.getByText('Ventrículo esquerdo', { selector: 'p' })).toBeInTheDocument();
    expect(document.querySelector(`img[src="${back}"]`)).not.toBeNull();
  });
});
