import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { LANDING_SLOTS } from '@estudai/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../test/app.ts';
import { LANDING_TEMPLATES } from './landing-page.ts';

const launchAt = new Date('2027-01-15T09:30:00-03:00');
const { days, hours, minutes, seconds, launchBadge } = LANDING_SLOTS;
// The shape of the build's templates (apps/web/src/features/landing/prerender.tsx), cut down.
const root = `<div id="root" data-launch-at="${LANDING_SLOTS.launchAt}">`;
const templates = {
  [LANDING_TEMPLATES.launched]: `<!doctype html>${root}<p>Já estamos no ar!</p><b>00</b></div>`,
  [LANDING_TEMPLATES.countdown]: `<!doctype html>${root}<p>${launchBadge}</p><b>${days}:${hours}:${minutes}:${seconds}</b></div>`,
};

let t: TestApp;
let webDist: string;
const writeTemplates = () => {
  for (const [name, html] of Object.entries(templates)) fs.writeFileSync(path.join(webDist, name), html);
};
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root">Carregando...</div>');
  writeTemplates();
  t = await buildTestApp({ webDist, launchAt });
});
beforeEach(async () => {
  await resetTestApp(t);
  writeTemplates();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(webDist, { recursive: true });
});

const home = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/', headers });

describe('`/` for a visitor without a session', () => {
  it('comes with the first screen before the launch: the badge and the countdown at that second', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T16:50:05-03:00'), toFake: ['Date'] });
    const res = await home();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('cookie, accept-encoding');
    expect(res.body).toBe(
      '<!doctype html><div id="root" data-launch-at="2027-01-15T12:30:00.000Z">' +
        '<p>Lançamento em 15 de janeiro de 2027</p><b>51:16:39:55</b></div>',
    );

    vi.setSystemTime(new Date('2027-01-15T09:29:58-03:00'));
    expect((await home()).body).toContain('<b>00:00:00:02</b>');
  });

  it('comes with the launched first screen from the launch on', async () => {
    vi.useFakeTimers({ now: launchAt, toFake: ['Date'] });
    const res = await home();
    expect(res.body).toBe(
      '<!doctype html><div id="root" data-launch-at="2027-01-15T12:30:00.000Z"><p>Já estamos no ar!</p><b>00</b></div>',
    );
  });

  it("says in the page whether 'Testar Demo' opens the demo account: only with demo data on the README's password", async () => {
    vi.useFakeTimers({ now: launchAt, toFake: ['Date'] });
    fs.writeFileSync(
      path.join(webDist, LANDING_TEMPLATES.launched),
      `<!doctype html><div id="root" data-demo="${LANDING_SLOTS.demo}"></div>`,
    );
    // The templates are read when the app starts: an app for each case.
    for (const [overrides, expected] of [
      [{}, 'false'],
      [{ seedDemo: true }, 'true'],
      [{ seedDemo: true, demoPassword: 'uma-senha-so-nossa' }, 'false'],
    ] as const) {
      const other = await buildTestApp({ webDist, launchAt, ...overrides });
      try {
        const res = await other.app.inject({ method: 'GET', url: '/' });
        expect(res.body, JSON.stringify(overrides)).toBe(
          `<!doctype html><div id="root" data-demo="${expected}"></div>`,
        );
      } finally {
        await other.app.close();
      }
    }
  });

  it('is compressed for a browser that accepts it', async () => {
    // The countdown moves every second: the three answers are compared at the same instant.
    vi.useFakeTimers({ now: new Date('2026-11-24T16:50:05-03:00'), toFake: ['Date'] });
    const plain = (await home()).body;
    const br = await home({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await home({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });

  it('is never the template itself, at its own address', async () => {
    for (const name of Object.values(LANDING_TEMPLATES)) {
      const res = await t.app.inject({ method: 'GET', url: `/${name}` });
      expect(res.body, name).toBe('<!doctype html><div id="root">Carregando...</div>');
    }
  });
});

it('sends the app without the landing page to a browser with a session cookie', async () => {
  const res = await home({ cookie: 'estudai_session=abc' });
  expect(res.body).toBe('<!doctype html><div id="root">Carregando...</div>');
  expect(res.headers.vary).toContain('cookie');
});

it('sends the plain app at `/` when the build has no landing templates', async () => {
  for (const name of Object.values(LANDING_TEMPLATES)) fs.rmSync(path.join(webDist, name));
  // An app of its own, built from the build without templates; the file's app comes back after it.
  const fileApp = t;
  t = await buildTestApp({ webDist, launchAt });
  try {
    expect((await home()).body).toBe('<!doctype html><div id="root">Carregando...</div>');
  } finally {
    await t.app.close();
    t = fileApp;
  }
});
