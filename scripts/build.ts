// `npm start` (then `exec node apps/server/dist/main.mjs`) and `npm run build` (`--force`): the web
// app (build-web.ts) and the server's bundle (build-server.ts), each rebuilt only when its sources
// changed, in one short-lived process that has exited before the server starts.
import { ensureServerBuild } from './build-server.ts';
import { ensureWebBuild } from './build-web.ts';

const force = process.argv.includes('--force');
ensureWebBuild(force);
await ensureServerBuild(force);
