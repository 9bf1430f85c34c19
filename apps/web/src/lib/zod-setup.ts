import { z } from 'zod';

// The page's CSP allows no eval (script-src 'self'). Without `jitless`, building the first object
// schema probes `new Function` and the browser reports a CSP violation (a DevTools issue).
z.config({ jitless: true });
