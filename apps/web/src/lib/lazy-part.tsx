import { type ComponentType, createElement, lazy, type ReactNode, Suspense } from 'react';

type Loader = () => Promise<unknown>;
const loaders = new Set<Loader>();

/**
 * A component in its own chunk, loaded when it is first rendered (or `preload`ed); once loaded it
 * renders at once, before that `fallback`. A chunk that fails to arrive (offline, on a first visit:
 * the service worker precaches every chunk) is asked for again the next time the component renders
 * (React.lazy alone would keep the failure for good); meanwhile `whenFailed` 'throw' fails it for
 * the error boundary around it, 'empty' leaves its place empty.
 */
export function lazyComponent<M extends Record<K, (props: never) => ReactNode>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  { fallback, whenFailed }: { fallback: ReactNode; whenFailed: 'throw' | 'empty' },
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
      } catch (error) {
        Lazy = makeLazy();
        if (whenFailed === 'throw') throw error;
        return { default: () => null };
      }
    });
  let Lazy = makeLazy();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per component at module load, as React.lazy is.
  function Component(props: Props) {
    const attributes = props as object;
    if (loaded) return createElement(loaded, attributes);
    return <Suspense fallback={fallback}>{createElement(Lazy, attributes)}</Suspense>;
  }
  Component.preload = preload;
  /** The component once its chunk has arrived, else undefined. */
  Component.loaded = () => loaded;
  return Component;
}

/**
 * A part of a screen in its own chunk: a form only some students see (the birth-date prompt), a
 * dialog's body (a report, a guardian's invitation). What it needs (zod, the contract's schemas)
 * then stays out of the first route. Nothing shows in its place while it arrives or if it fails to.
 */
export const lazyPart = <M extends Record<K, (props: never) => ReactNode>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) => lazyComponent(load, name, { fallback: null, whenFailed: 'empty' });

/**
 * Loads every lazy part and page (tests render them synchronously, as a loaded app does), the parts
 * that loaded modules declare (a page's own lazy parts) too.
 */
export async function preloadLazyParts(): Promise<void> {
  const done = new Set<Loader>();
  for (let next = [...loaders]; next.length > 0; next = [...loaders].filter((load) => !done.has(load))) {
    for (const load of next) done.add(load);
    await Promise.all(next.map((load) => load()));
  }
}
