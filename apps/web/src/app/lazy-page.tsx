import { type ComponentType, createElement, lazy, type ReactNode, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { preloadLazyParts } from '../lib/lazy-part.tsx';

type Loader = () => Promise<unknown>;
const loaders = new Set<Loader>();

/**
 * A page (or frame) in its own chunk, rendered by a route that decides at render time whether to
 * show it (the feed or the landing page at `/`, the shell around a page open to visitors too, the
 * admin page for admins only): the router's own `lazy` cannot wait on who is signed in. Once loaded
 * it renders at once; before that, 'Carregando...' while its chunk arrives. Every other page is a
 * route of its own, loaded by the router (`routePage`).
 */
export function lazyPage<M extends Record<K, (props: never) => ReactNode>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  type Props = M[K] extends (props: infer P) => ReactNode ? P : never;
  let loaded: ComponentType<object> | undefined;
  const preload = async () => {
    loaded ??= (await load())[name] as unknown as ComponentType<object>;
    return loaded;
  };
  loaders.add(preload);
  // A chunk that failed to arrive (offline) is asked for again on the next render, as when the error
  // boundary's 'Tentar novamente' is pressed: React.lazy alone would keep the failure for good.
  const makeLazy = () =>
    lazy(async () => {
      try {
        return { default: await preload() };
      } catch (error) {
        Lazy = makeLazy();
        throw error;
      }
    });
  let Lazy = makeLazy();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module load, as React.lazy is.
  function Page(props: Props) {
    const attributes = props as object;
    if (loaded) return createElement(loaded, attributes);
    return <Suspense fallback={<LoadingScreen />}>{createElement(Lazy, attributes)}</Suspense>;
  }
  Page.preload = preload;
  /** The page's component once its chunk has arrived, else undefined. */
  Page.loaded = () => loaded;
  return Page;
}

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
export const preloadAllPages = () => Promise.all([...[...loaders].map((load) => load()), preloadLazyParts()]);
