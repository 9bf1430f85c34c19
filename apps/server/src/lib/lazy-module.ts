import { createRequire } from 'node:module';

// Packages a rare request needs (an import format, an export, a calendar file, Google's sign-in) are
// loaded the first time one is made, not at every start: their code is memory the server would keep
// idle (issue 41, `npm run bench:memory`, docs/performance.md).

const load = createRequire(import.meta.url);

/** `name`'s exports, required on the first call and kept: `typeof import('name')` gives `T`. */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= load(name) as T;
    return loaded;
  };
}
