// The page's CSP allows no eval (script-src 'self'). Without `jitless`, building the first object
// schema probes `new Function` and the browser reports a CSP violation (a DevTools issue).
// The web build resolves every `from 'zod'` to this module (vite.config.ts), so the setting is made
// before any schema exists, without the first route having to load zod to make it.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z as default };
