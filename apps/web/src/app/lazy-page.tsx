import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { lazyComponent, preloadLazyParts } from '../lib/lazy-part.tsx';

/**
 * A page (or frame) in its own chunk, rendered by a route that decides at render time whether to
 * show it (the feed or the landing page at `/`, the shell around a page open to visitors too, the
 * admin page for admins only): the router's own `lazy` cannot wait on who is signed in. Once loaded
 * it renders at once; before that, 'Carregando...' while its chunk arrives. Every other page is a
 * route of its own, loaded by the router (`routePage`).
 */
export const lazyPage = <M extends Record<K, (props: never) => ReactNode>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) => lazyComponent(load, name, { fallback: <LoadingScreen />, whenFailed: 'throw' });

type LazyPage = ReturnType<typeof lazyPage>;

/**
 * A page as a route's own: the router's `lazy` loads its chunk before the navigation completes (the
 * page before stays on screen meanwhile), or, when the chunk has already arrived (the first route,
 * which main.tsx loads before the first render, and every page in the tests), the component itself.
 * A chunk that fails to arrive does not fail the route: the router keeps a rejected `lazy` for good,
 * so the route gets the page's own lazy component instead, which asks for the chunk again on the
 * error boundary's 'Tentar novamente'.
 */
export function routePage(page: LazyPage): Pick<RouteObject, 'Component' | 'lazy'> {
  const loaded = page.loaded();
  if (loaded) return { Component: loaded };
  return {
    lazy: async () => {
      try {
        return { Component: await page.preload() };
      } catch {
        return { Component: page };
      }
    },
  };
}

/** Loads every lazy page and part (tests render them synchronously, as before the split). */
export const preloadAllPages = preloadLazyParts;
