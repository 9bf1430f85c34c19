import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ana, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { whenIdle } from './idle.ts';

afterEach(() => {
  // The app unmounts (cancelling what still waits) while the stubs are still in place.
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A browser whose idle moments come when the test says so. */
function controlledIdle() {
  const waiting = new Map<number, IdleRequestCallback>();
  let next = 1;
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
    waiting.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => waiting.delete(id));
  return {
    pending: () => waiting.size,
    idle() {
      const callbacks = [...waiting.values()];
      waiting.clear();
      for (const callback of callbacks) callback({ didTimeout: false, timeRemaining: () => 50 });
    },
  };
}

describe('whenIdle', () => {
  it('runs the task in the next idle moment, not before, and not at all once cancelled', () => {
    const browser = controlledIdle();
    const task = vi.fn();
    const cancelled = vi.fn();
    whenIdle(task);
    whenIdle(cancelled)();
    expect(task).not.toHaveBeenCalled();
    browser.idle();
    expect(task).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('without requestIdleCallback (Safari), runs it just after the next paint, or at the timeout', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    vi.stubGlobal('requestIdleCallback', undefined);
    const afterPaint = vi.fn();
    whenIdle(afterPaint, 3_000);
    expect(afterPaint).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20);
    expect(afterPaint).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(5_000);
    expect(afterPaint).toHaveBeenCalledOnce();
  });
});

describe('the first screen comes first', () => {
  it('asks for the badge counts only once the page is idle', async () => {
    const browser = controlledIdle();
    const { calls } = mockApi({}, ana);
    renderApp('/', { storedUser: ana });
    expect(await screen.findByRole('navigation', { name: 'Navegação principal' })).toBeInTheDocument();
    const asked = () => calls.map((call) => call.path);
    expect(asked()).not.toContain('/api/notifications/counts');
    expect(asked()).not.toContain('/api/chat/unread-count');
    expect(browser.pending()).toBeGreaterThan(0);

    act(() => browser.idle());
    await vi.waitFor(() => expect(asked()).toContain('/api/notifications/counts'));
    expect(asked()).toContain('/api/chat/unread-count');
  });
});
