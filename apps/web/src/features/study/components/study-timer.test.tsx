import { STUDY_MESSAGES } from '@estudai/contract/constants';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ana, type MockReply, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';
import { readTimer, startTimer, writeTimer } from '../timer-state.ts';

// Issue 39: the solo timer is a personal focus block, counted as a room's block is.

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date('2026-03-10T14:00:00Z'));
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The block calls, each block numbered b1, b2…; `verified` answers each heartbeat and end. */
function blockRoutes(verified: (blockId: string) => number = () => 0, end?: () => MockReply) {
  let blocks = 0;
  const routes: Record<string, MockReply | (() => MockReply)> = {
    'POST /api/study-blocks': () => ok({ id: `b${++blocks}`, startedAt: new Date().toISOString() }, 201),
  };
  for (const id of ['b1', 'b2', 'b3']) {
    routes[`POST /api/study-blocks/${id}/heartbeat`] = () =>
      ok({ verifiedMinutes: verified(id), serverNow: new Date().toISOString() });
    routes[`POST /api/study-blocks/${id}/end`] = () => end?.() ?? ok({ verifiedMinutes: verified(id) });
  }
  return routes;
}

async function openTimer() {
  const view = renderApp('/videos');
  await view.user.click(await screen.findByRole('button', { name: /^Cronômetro de estudo/ }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Cronômetro de estudo' }) };
}

describe('study timer', () => {
  it('runs a focus block with a heartbeat every 30 s; a pause ends it, Continuar starts the next', async () => {
    const api = mockApi(
      blockRoutes((id) => (id === 'b1' ? 2 : 1)),
      ana,
    );
    const { user, dialog } = await openTimer();
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar' }));
    expect(api.callsTo('POST', '/api/study-blocks')[0]?.body).toEqual({ roomId: null, subject: null });
    expect(readTimer(ana.id)).toMatchObject({ blockId: 'b1', verifiedMinutes: 0 });
    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    expect(within(dialog).getByRole('timer')).toHaveTextContent('02:00');
    const beats = api.callsTo('POST', '/api/study-blocks/b1/heartbeat');
    expect(beats.map((call) => call.body)).toEqual(Array(4).fill({ visible: true }));
    expect(within(dialog).getByText('2 minutos verificados')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Pausar' }));
    expect(api.callsTo('POST', '/api/study-blocks/b1/end')).toHaveLength(1);
    expect(readTimer(ana.id)).toMatchObject({ blockId: null, verifiedMinutes: 2, runningSince: null });
    // Paused: no block, no heartbeat, the clock stands still.
    await act(() => vi.advanceTimersByTimeAsync(60 * 60_000));
    expect(within(dialog).getByRole('timer')).toHaveTextContent('02:00');
    expect(api.callsTo('POST', '/api/study-blocks/b1/heartbeat')).toHaveLength(4);

    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(readTimer(ana.id)).toMatchObject({ blockId: 'b2' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(api.callsTo('POST', '/api/study-blocks/b2/heartbeat')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Encerrar' }));
    await expectToast(STUDY_MESSAGES.savedTitle, 'Você estudou 3m: 3 minutos verificados. Bom trabalho!');
    expect(api.callsTo('POST', '/api/study-blocks/b2/end')).toHaveLength(1);
    // The old unverified sessions are no longer written.
    expect(api.callsTo('POST', '/api/study-sessions')).toHaveLength(0);
    expect(readTimer(ana.id)).toBeNull();
  });

  it('says the tab is hidden while it is, so those minutes do not count', async () => {
    const api = mockApi(blockRoutes(), ana);
    const { user, dialog } = await openTimer();
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar' }));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    visibility = 'hidden';
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    visibility = 'visible';
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    const beats = api.callsTo('POST', '/api/study-blocks/b1/heartbeat').map((call) => call.body);
    // Hidden, this tab keeps the block alive only once no tab has sent one for 45 s.
    expect(beats).toEqual([{ visible: true }, { visible: false }, { visible: true }]);
  });

  it('leaves the hidden heartbeat to no one while another tab beats for the same block', async () => {
    const api = mockApi(blockRoutes(), ana);
    writeTimer(ana.id, startTimer('timer', Date.now(), 'b1'));
    visibility = 'hidden';
    renderApp('/videos');
    await screen.findByRole('button', { name: /^Cronômetro de estudo:/ });
    for (let i = 0; i < 4; i++) {
      // The visible tab's heartbeat, noted where every tab reads it.
      localStorage.setItem('focusBlockBeat:b1', String(Date.now()));
      await act(() => vi.advanceTimersByTimeAsync(30_000));
    }
    expect(api.callsTo('POST', '/api/study-blocks/b1/heartbeat')).toHaveLength(0);
  });

  it('picks up a running timer after a reload, and its block', async () => {
    const api = mockApi(blockRoutes(), ana);
    writeTimer(ana.id, startTimer('timer', Date.now() - 5 * 60_000, 'b1'));
    renderApp('/videos');
    expect(await screen.findByRole('button', { name: 'Cronômetro de estudo: 05:00' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.callsTo('POST', '/api/study-blocks/b1/heartbeat')).toHaveLength(1);
  });

  it('saves a timer kept from before blocks as it was then (an unverified session), and ends it', async () => {
    const api = mockApi({ 'POST /api/study-sessions': ok({}, 201) }, ana);
    const {
      blockId: _none,
      verifiedMinutes: _zero,
      ...legacy
    } = startTimer('pomodoro', Date.now() - 10 * 60_000);
    writeTimer(ana.id, legacy);
    renderApp('/videos');
    await expectToast(STUDY_MESSAGES.savedTitle, 'Você estudou 10m. Bom trabalho!');
    expect(api.callsTo('POST', '/api/study-sessions')[0]?.body).toEqual({
      durationSeconds: 600,
      startedAt: '2026-03-10T13:50:00.000Z',
      kind: 'pomodoro',
    });
    expect(api.callsTo('POST', '/api/study-blocks')).toHaveLength(0);
    expect(readTimer(ana.id)).toBeNull();
  });

  it('ends a pomodoro by itself after 25 minutes', async () => {
    const api = mockApi(
      blockRoutes(() => 25),
      ana,
    );
    const { user, dialog } = await openTimer();
    await user.click(within(dialog).getByRole('button', { name: 'Pomodoro 25 min' }));
    expect(within(dialog).getByRole('timer')).toHaveTextContent('25:00');
    // Away from the page: the interval does not tick, the clock still moves on.
    vi.setSystemTime(Date.now() + 25 * 60_000);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await expectToast(STUDY_MESSAGES.savedTitle, 'Você estudou 25m: 25 minutos verificados. Bom trabalho!');
    expect(api.callsTo('POST', '/api/study-blocks/b1/end')).toHaveLength(1);
    expect(readTimer(ana.id)).toBeNull();
  });

  it('keeps the timer and its block when ending fails, so it can be ended again', async () => {
    let fail = true;
    const api = mockApi(
      blockRoutes(
        () => 1,
        () => (fail ? 'network-error' : ok({ verifiedMinutes: 1 })),
      ),
      ana,
    );
    const { user, dialog } = await openTimer();
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar' }));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await user.click(within(dialog).getByRole('button', { name: 'Encerrar' }));
    await expectToast(STUDY_MESSAGES.saveFailedTitle, STUDY_MESSAGES.saveFailed);
    expect(readTimer(ana.id)).toMatchObject({ runningSince: null, accumulatedMs: 60_000, blockId: 'b1' });
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Encerrar' }));
    await expectToast(STUDY_MESSAGES.savedTitle, 'Você estudou 1m: 1 minuto verificado. Bom trabalho!');
    expect(api.callsTo('POST', '/api/study-blocks/b1/end')).toHaveLength(2);
  });

  it('pauses when the server says the block no longer runs, and ends it to count its minutes', async () => {
    // Stopped after long without a sign (the laptop slept): still open, its end counts its 3 minutes.
    const api = mockApi(
      {
        ...blockRoutes(() => 3),
        'POST /api/study-blocks/b1/heartbeat': {
          status: 409,
          body: { error: 'Este bloco de foco não está em andamento.', code: 'BLOCK_NOT_RUNNING' },
        },
      },
      ana,
    );
    const { user, dialog } = await openTimer();
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar' }));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await expectToast(
      'Cronômetro pausado',
      'O bloco de foco foi encerrado em outra aba, numa sala ou por muito tempo sem sinal. Toque em Continuar para seguir contando.',
    );
    expect(readTimer(ana.id)).toMatchObject({ runningSince: null, blockId: null, verifiedMinutes: 3 });
    expect(api.callsTo('POST', '/api/study-blocks/b1/end')).toHaveLength(1);
    expect(within(dialog).getByText('3 minutos verificados')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
  });

  it('tells why the timer did not start', async () => {
    mockApi(
      {
        'POST /api/study-blocks': {
          status: 429,
          body: { error: 'Muitas ações seguidas.', code: 'RATE_LIMITED' },
        },
      },
      ana,
    );
    const { user, dialog } = await openTimer();
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar' }));
    await expectToast('Não foi possível iniciar o cronômetro', 'Muitas ações seguidas.');
    expect(readTimer(ana.id)).toBeNull();
  });
});
