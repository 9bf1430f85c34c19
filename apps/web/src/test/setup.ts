import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { preloadAllPages } from '../app/lazy-page.tsx';
import { dismissToast } from '../lib/toast.ts';
import { server, startNetwork } from './api-mock.ts';

// A busy 2-core machine (the suite beside a build or a browser run) can take seconds to render a
// lazy page: waiting longer changes no assertion, it only keeps a slow machine from failing them.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia; the theme asks it whether the system prefers dark.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom only reports that it cannot scroll; the app scrolls to the top of each new page.
window.scrollTo = () => {};

// Pages are lazy chunks in the app; tests render them at once, as a loaded app does.
beforeAll(async () => {
  startNetwork();
  await preloadAllPages();
});
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  dismissToast();
  localStorage.clear();
  document.documentElement.className = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  server.resetHandlers();
});
