// `npm run openapi`: writes apps/server/openapi.json, the API's OpenAPI document as /api/docs serves
// it. Commit it with the route change; src/openapi.test.ts fails while it is out of date.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPglite } from '../src/db/client.ts';
import { OPENAPI_CONFIG, OPENAPI_FILE, openApiDocument, openApiJson } from '../src/openapi.ts';

// Not the environment: the document must not depend on who runs this, nor where.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-openapi-'));
try {
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, WEB_DIST: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }),
    ...OPENAPI_CONFIG,
  };
  const app = await buildApp(config, { database: await openPglite({}) });
  try {
    const json = openApiJson(await openApiDocument(app));
    const before = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : undefined;
    fs.writeFileSync(OPENAPI_FILE, json);
    const where = path.relative(process.cwd(), OPENAPI_FILE);
    console.log(before === json ? `${where} was already up to date` : `${where} written`);
  } finally {
    await app.close();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
