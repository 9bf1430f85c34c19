import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  COUNTDOWN_UNITS,
  countdownDigits,
  hasLaunched,
  LANDING_SLOTS,
  launchBadgeText,
} from '@estudai/contract';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The build's two templates of `/` for a visitor (apps/web/vite.config.ts, `homePages`). */
export const LANDING_TEMPLATES = {
  launched: 'index.landing.html',
  countdown: 'index.landing-countdown.html',
};

type Encoding = 'br' | 'gzip' | 'identity';
const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip', 'identity'] });

const ENCODE: Record<Encoding, (html: string) => Buffer> = {
  // Quality 5: about a millisecond for the page before the launch, which changes every second.
  br: (html) => zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (html) => zlib.gzipSync(html),
  identity: (html) => Buffer.from(html),
};

/** One HTML page, encoded for each client at most once. */
function encodedPage(html: string) {
  const bodies = new Map<Encoding, Buffer>();
  return (encoding: Encoding) => {
    const body = bodies.get(encoding) ?? ENCODE[encoding](html);
    bodies.set(encoding, body);
    return body;
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The landing page's first screen for a visitor without a session, in the HTML itself: the hero
 * paints with the page, before the app's code has arrived (spec §2 'Landing page'; issue 9's
 * "fast on a cheap phone"). After the launch it is the same page every time; before it, the
 * countdown is written in for the second the page is sent. Null when the build has no templates.
 */
export function createLandingPage(webDist: string, launchAt: Date, demo: boolean) {
  const read = (name: string) => {
    const file = path.join(webDist, name);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };
  const launchedTemplate = read(LANDING_TEMPLATES.launched);
  const countdownTemplate = read(LANDING_TEMPLATES.countdown);
  if (launchedTemplate === null || countdownTemplate === null) return null;

  const withLaunch = (template: string) =>
    template
      .replaceAll(LANDING_SLOTS.launchAt, launchAt.toISOString())
      .replaceAll(LANDING_SLOTS.launchBadge, escapeHtml(launchBadgeText(launchAt)))
      .replaceAll(LANDING_SLOTS.demo, String(demo));
  const launched = encodedPage(withLaunch(launchedTemplate));
  const countdown = withLaunch(countdownTemplate);
  let current: { key: string; page: ReturnType<typeof encodedPage> } | undefined;

  /** The page as it reads at `now`. */
  function at(now: number) {
    if (hasLaunched(launchAt, now)) return launched;
    const digits = countdownDigits(launchAt, now);
    const key = COUNTDOWN_UNITS.map((unit) => digits[unit]).join(':');
    if (current?.key !== key) {
      let html = countdown;
      for (const unit of COUNTDOWN_UNITS) html = html.replaceAll(LANDING_SLOTS[unit], digits[unit]);
      current = { key, page: encodedPage(html) };
    }
    return current.page;
  }

  return function send(request: FastifyRequest, reply: FastifyReply) {
    const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '') ?? 'identity';
    const body = at(Date.now())(encoding);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie, accept-encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  };
}
