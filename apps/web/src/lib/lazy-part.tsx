import { type ComponentType, createElement, lazy, type ReactNode, Suspense } from 'react';

type Loader = () => Promise<unknown>;
const loaders = new Set<Loader>();

/**
 * A part of a screen in its own chunk, loaded when it is first rendered: a form only some students
 * see (the birth-date prompt), a dialog's body (a report, a guardian's invitation). What it needs
 * (zod, the contract's schemas) then stays out of the first route. Nothing shows in its place while
 * it arrives; once loaded it renders at once. A chunk that fails to arrive (offline, on a first
 * visit: the service worker precaches every chunk) leaves the place empty and is asked for again the
 * next time the part renders, instead of failing the page around it.
 */
export function lazyPart<M extends Record<K, (props: never) => ReactNode>, K extends keyof M>(
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
  const makeLazy = () =>
    lazy(async () => {
      try {
        return { default: await preload() };
      } catch {
        Lazy = makeLazy();
        return { default: () => null };
      }
    });
  let Lazy = makeLazy();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module load, as React.lazy is.
  function Part(props: Props) {
    const attributes = props as object;
    if (loaded) return createElement(loaded, attributes);
    return <Suspense fallback={null}>{createElement(Lazy, attributes)}</Suspense>;
  }
  Part.preload = preload;
  return Part;
}

/** Loads every lazy part (tests render them synchronously, as a loaded app does). */
export const preloadLazyParts = () => Promise.all([...loaders].map((load) => load()));
