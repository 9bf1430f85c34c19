import { type ComponentType, createElement, lazy, type ReactNode, Suspense } from 'react';
import { LoadingScreen } from '../components/loading-screen.tsx';

type Loader = () => Promise<unknown>;
const loaders = new Set<Loader>();

/**
 * A route's page (or frame) in its own chunk, so the first route downloads only what it shows.
 * Once loaded it renders at once; before that, 'Carregando...' while its chunk arrives.
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
  return Page;
}

/** Loads every lazy page (tests render them synchronously, as before the split). */
export const preloadAllPages = () => Promise.all([...loaders].map((load) => load()));
