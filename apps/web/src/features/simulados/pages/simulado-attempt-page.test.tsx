import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ana, type MockRequest, mockApi, ok } from '../../../test/api-mock.ts';
import { fakeSocket } from '../../../test/fake-socket.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';
import { makeAttempt, makeResult, SIMULADO_ID, takingDetail } from '../testing/simulado-fixtures.ts';

vi.mock('../../../lib/socket.ts', async () => {
  const { fakeSocket } = await import('../../../test/fake-socket.ts');
  return { useRealtimeSocket: () => fakeSocket };
});
beforeEach(() => fakeSocket.reset());

/** A lazy page's first render on a busy machine may take longer than findBy's default second. */
const FIRST_RENDER = { timeout: 5_000 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BASE = `/api/simulados/${SIMULADO_ID}`;

const saved = (request: MockRequest) => {
  const body = request.body as { optionIndex: number };
  const index = Number(request.path.split('/').at(-1));
  return ok({
    index,
    optionIndex: body.optionIndex,
    answeredAt: new Date().toISOString(),
    applied: true,
    answeredCount: 1,
    endsAt: new Date(Date.now() + 60_000).toISOString(),
    serverNow: new Date().toISOString(),
  });
};

function openAttempt(handlers = {}, serverNow = new Date().toISOString()) {
  const api = mockApi(
    {
      [`GET ${BASE}`]: ok(takingDetail(serverNow)),
      [`GET ${BASE}/attempts/me/result`]: ok(makeResult()),
      ...handlers,
    },
    ana,
  );
  return { api, ...renderApp(`/simulados/${SIMULADO_ID}/prova`, { storedUser: ana }) };
}

const putsTo = (api: ReturnType<typeof mockApi>, index: number) =>
  api.callsTo('PUT', `${BASE}/attempts/me/answers/${index}`);

describe('the attempt', { timeout: 15_000 }, () => {
  it('shows one question at a time and saves each choice at once with a clientId', async () => {
    const { api, user } = openAttempt({ [`PUT ${BASE}/attempts/me/answers/0`]: saved });
    expect(await screen.findByText('Questão 1 de 5', {}, FIRST_RENDER)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '2' }));
    await waitFor(() => expect(putsTo(api, 0)).toHaveLength(1));
    const body = putsTo(api, 0)[0]?.body as { optionIndex: number; clientId: string; answeredAt: string };
    expect(body.optionIndex).toBe(2);
    expect(body.clientId).toMatch(UUID);
    expect(await screen.findByText('Respostas salvas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Questão 1: respondida' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Próxima questão' }));
    expect(screen.getByText('Questão 2 de 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Marcar para revisar' }));
    expect(
      screen.getByRole('button', { name: 'Questão 2: em branco, marcada para revisar' }),
    ).toBeInTheDocument();
  });

  it('queues answers that cannot be sent, keeps them over a reload and sends them when the connection returns', async () => {
    let online = false;
    const put = (request: MockRequest) => (online ? saved(request) : 'network-error');
    const first = openAttempt({ [`PUT ${BASE}/attempts/me/answers/0`]: put });
    await first.user.click(await screen.findByRole('radio', { name: '1' }, FIRST_RENDER));
    expect(await screen.findByText('1 resposta aguardando sincronização')).toBeInTheDocument();
    first.unmount();

    // A reload: the choice is still on the device, and shown.
    const second = openAttempt({ [`PUT ${BASE}/attempts/me/answers/0`]: put });
    expect(
      await screen.findByText('1 resposta aguardando sincronização', {}, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '1' })).toBeChecked();

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Respostas salvas')).toBeInTheDocument();
    const sent = putsTo(second.api, 0).at(-1)?.body as { optionIndex: number; clientId: string };
    expect(sent.optionIndex).toBe(1);
    // The same clientId as the first try: the server applies it once.
    expect(
      putsTo(first.api, 0).every((call) => (call.body as { clientId: string }).clientId === sent.clientId),
    ).toBe(true);
  });

  it('shows the answers another tab saved, once that tab writes to the shared storage', async () => {
    const serverNow = new Date().toISOString();
    let otherTabSaved = false;
    openAttempt({
      [`GET ${BASE}`]: () =>
        ok(
          takingDetail(
            serverNow,
            otherTabSaved ? { answers: [{ index: 0, optionIndex: 3, answeredAt: serverNow }] } : {},
          ),
        ),
    });
    expect(await screen.findByText('Questão 1 de 5', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '3' })).not.toBeChecked();
    otherTabSaved = true;
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: `estudai:simulado-answers:${ana.id}:${SIMULADO_ID}` }),
      );
    });
    await waitFor(() => expect(screen.getByRole('radio', { name: '3' })).toBeChecked());
  });

  it('takes the screen for itself: no tab bar, no create button, no study timer; the arrow says the time keeps running', async () => {
    openAttempt();
    expect(await screen.findByText('Questão 1 de 5', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Criar novo post' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cronômetro de estudo/ })).not.toBeInTheDocument();
    const leave = screen.getByRole('link', {
      name: /^Sair da prova: o simulado continua e o tempo segue correndo/,
    });
    expect(leave).toHaveAttribute('href', `/simulados/${SIMULADO_ID}`);
    expect(screen.getByText(/o simulado continua e o tempo segue correndo\.$/)).toBeInTheDocument();
  });

  it('lets the title wrap to two lines beside the countdown instead of cutting it', async () => {
    openAttempt();
    const title = await screen.findByRole(
      'heading',
      { level: 1, name: 'Simulado ENEM — Matemática' },
      FIRST_RENDER,
    );
    // jsdom lays nothing out: the classes are what a phone's browser lays out (checked at 360 px in e2e).
    expect(title).toHaveClass('line-clamp-2', 'break-words');
    expect(title).not.toHaveClass('truncate');
    expect(title.closest('header')).toContainElement(screen.getByRole('timer'));
  });

  it("counts down on the server's clock, not the device's", async () => {
    // The device runs two hours ahead of the server; 20 minutes are left on the server's clock.
    const serverNow = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
    openAttempt({}, serverNow);
    const timer = await screen.findByRole('timer', {}, FIRST_RENDER);
    expect(timer).toHaveAccessibleName(/Tempo restante: (20:00|19:5\d)/);
  });

  it("'Finalizar' asks first, sends what waits, hands in and opens the result", async () => {
    const { api, user } = openAttempt({
      [`PUT ${BASE}/attempts/me/answers/0`]: saved,
      [`POST ${BASE}/attempts/me/submit`]: ok(makeAttempt(new Date().toISOString(), { status: 'finished' })),
    });
    await user.click(await screen.findByRole('radio', { name: '0' }, FIRST_RENDER));
    await user.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(screen.getByText(/Você deixou 4 questões em branco/)).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/attempts/me/submit`)).toHaveLength(1));
    await waitFor(() => expect(currentPath()).toBe(`/simulados/${SIMULADO_ID}/resultado`));
    expect(putsTo(api, 0)).toHaveLength(1);
  });

  it('does not hand in while answers still wait on the device, and says why', async () => {
    const { api, user } = openAttempt({
      [`PUT ${BASE}/attempts/me/answers/0`]: 'network-error',
      [`POST ${BASE}/attempts/me/submit`]: ok(makeAttempt(new Date().toISOString(), { status: 'finished' })),
    });
    await user.click(await screen.findByRole('radio', { name: '0' }, FIRST_RENDER));
    await user.click(screen.getByRole('button', { name: 'Finalizar' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Finalizar' }));
    expect(
      await screen.findByText(/Sem conexão: as respostas ainda não chegaram ao servidor/),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/attempts/me/submit`)).toHaveLength(0);
    expect(currentPath()).toBe(`/simulados/${SIMULADO_ID}/prova`);
  });

  it('hands in by itself when the time is over', async () => {
    const serverNow = new Date().toISOString();
    const { api } = openAttempt({
      [`GET ${BASE}`]: ok(takingDetail(serverNow, { endsAt: new Date(Date.now() + 1_500).toISOString() })),
      [`POST ${BASE}/attempts/me/submit`]: ok(makeAttempt(serverNow, { status: 'finished' })),
    });
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/attempts/me/submit`)).toHaveLength(1), {
      timeout: 5_000,
    });
    await waitFor(() => expect(currentPath()).toBe(`/simulados/${SIMULADO_ID}/resultado`));
  });

  it('a reload returns to the question the taker was on', async () => {
    const first = openAttempt();
    expect(await screen.findByText('Questão 1 de 5', {}, FIRST_RENDER)).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Próxima questão' }));
    await first.user.click(screen.getByRole('button', { name: 'Próxima questão' }));
    expect(screen.getByText('Questão 3 de 5')).toBeInTheDocument();
    first.unmount();

    openAttempt();
    expect(await screen.findByText('Questão 3 de 5', {}, FIRST_RENDER)).toBeInTheDocument();
  });

  it("'Finalizar?' counts the questions marked for review with the blanks", async () => {
    const { user } = openAttempt();
    expect(await screen.findByText('Questão 1 de 5', {}, FIRST_RENDER)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Marcar para revisar' }));
    await user.click(screen.getByRole('button', { name: 'Próxima questão' }));
    await user.click(screen.getByRole('button', { name: 'Marcar para revisar' }));
    await user.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(
      within(screen.getByRole('dialog')).getByText(
        'Você deixou 5 questões em branco e tem 2 questões marcadas para revisar. Depois de entregar, não dá para mudar as respostas.',
      ),
    ).toBeInTheDocument();
  });

  it('on a keyboard, the arrows move between questions and A–E choose an alternative', async () => {
    const { api, user } = openAttempt({
      [`PUT ${BASE}/attempts/me/answers/0`]: saved,
      [`PUT ${BASE}/attempts/me/answers/1`]: saved,
    });
    expect(await screen.findByText('Questão 1 de 5', {}, FIRST_RENDER)).toBeInTheDocument();
    await user.keyboard('c');
    await waitFor(() => expect(putsTo(api, 0)).toHaveLength(1));
    expect(putsTo(api, 0)[0]?.body).toMatchObject({ optionIndex: 2 });
    expect(screen.getByRole('radio', { name: '2' })).toBeChecked();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Questão 2 de 5')).toBeInTheDocument();
    // Focused on an alternative, → still moves on, and does not change the choice.
    await user.keyboard('A');
    await waitFor(() => expect(putsTo(api, 1)).toHaveLength(1));
    screen.getByRole('radio', { name: '2' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Questão 3 de 5')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByText('Questão 1 de 5')).toBeInTheDocument();
    // Not past the ends, not with Ctrl, and a letter beyond the options does nothing.
    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('{ArrowLeft}{Control>}{ArrowRight}{/Control}');
    expect(screen.getByText('Questão 1 de 5')).toBeInTheDocument();
    await user.keyboard('e');
    expect(putsTo(api, 0)).toHaveLength(1);
  });
});
