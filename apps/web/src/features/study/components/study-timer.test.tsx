import { STUDY_MESSAGES } from '@estudai/contract/constants';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ana, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';
import { readTimer, startTimer, writeTimer } from '../timer-state.ts';

const stats = { totalStudyHours: 0.5, todayStudyTime: 30, studyStreak: 1, accuracyPercentage: 0 };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date('2026-03-10T14:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

async function openTimer() {
  const view = renderApp('/videos');
  await view.user.click(await screen.findByRole('button', { name: /^Cronômetro de estudo/ }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Cronômetro de estudo' }) };
}

describe('study timer', () => {
  it('starts, pauses, continues, then stops and saves the time studied', async () => {
    const api = mockApi({ 'POST /api/study-sessions': ok(stats, 201) }, ana);
    const { user, dialog } = await openTimer();
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar' }));
    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    expect(within(dialog).getByRole('timer')).toHaveTextContent('02:00');
    await user.click(within(dialog).getByRole('button', { name: 'Pausar' }));
    await act(() => vi.advanceTimersByTimeAsync(60 * 60_000));
    expect(within(dialog).getByRole('timer')).toHaveTextContent('02:00');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await user.click(within(dialog).getByRole('button', { name: 'Parar e salvar' }));
    await expectToast(STUDY_MESSAGES.savedTitle, 'Você estudou 3m.');
    const [call] = api.callsTo('POST', '/api/study-sessions');
    expect(call?.body).toEqual({
      durationSeconds: 180,
      startedAt: '2026-03-10T14:00:00.000Z',
      kind: 'timer',
    });
    expect(readTimer(ana.id)).toBeNull();
  });

  it('picks up a running timer after a reload', async () => {
    mockApi({}, ana);
    writeTimer(ana.id, startTimer('timer', Date.now() - 5 * 60_000));
    renderApp('/videos');
    expect(await screen.findByRole('button', { name: 'Cronômetro de estudo: 05:00' })).toBeInTheDocument();
  });

  it('saves a pomodoro by itself after 25 minutes', async () => {
    const api = mockApi({ 'POST /api/study-sessions': ok(stats, 201) }, ana);
    const { user, dialog } = await openTimer();
    await user.click(within(dialog).getByRole('button', { name: 'Pomodoro 25 min' }));
    expect(within(dialog).getByRole('timer')).toHaveTextContent('25:00');
    // Away from the page: the interval does not tick, the clock still moves on.
    vi.setSystemTime(Date.now() + 25 * 60_000);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await expectToast(STUDY_MESSAGES.savedTitle);
    expect(api.callsTo('POST', '/api/study-sessions')[0]?.body).toMatchObject({
      durationSeconds: 1500,
      kind: 'pomodoro',
    });
  });

  it('keeps the time when saving fails, so it can be saved again', async () => {
    mockApi({ 'POST /api/study-sessions': { status: 500, body: { error: 'x', code: 'INTERNAL' } } }, ana);
    const { user, dialog } = await openTimer();
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar' }));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await user.click(within(dialog).getByRole('button', { name: 'Parar e salvar' }));
    await expectToast(STUDY_MESSAGES.saveFailedTitle, STUDY_MESSAGES.saveFailed);
    expect(readTimer(ana.id)).toMatchObject({ runningSince: null, accumulatedMs: 60_000 });
  });
});
