import type { Page } from '@playwright/test';
import { blankExternalImages, DEMO_PASSWORD, expect, test } from './fixtures.ts';

// The screens hold still while they load, on a slow phone's processor (Chromium's CPU slowed four
// times) and a laptop: what arrives late (a list, a side column's code, a teacher's queue) must not
// push what is already on screen. A page that jumped moved a button from under a finger between
// its press and its release, and the tap did nothing (two journeys of CI's red runs, 2026-11-30 and
// 2026-12-01). The measure is the browser's own: the layout shifts not caused by input, summed
// (Cumulative Layout Shift). Web Vitals calls up to 0.1 good; these screens keep to a tenth of that
// (what is left is an icon settling by a pixel or two). At 0.1 the right column's 'Quem seguir' passed
// while 'Em alta', arriving after it, pushed its 'Seguir' buttons 160 px down on every desktop screen
// (0.02), and on /busca at 390 px (0.05).

const CARLA = 'carla@estudai.dev';
const BRUNO = 'bruno@estudai.dev';
const STILL_CLS = 0.01;
const SCREENS: [who: string, path: string][] = [
  [CARLA, '/study-groups'],
  [CARLA, '/redacao'],
  [BRUNO, '/'],
  [BRUNO, '/study-groups'],
  [BRUNO, '/redacao'],
  [BRUNO, '/profile'],
  [BRUNO, '/caderno'],
  [BRUNO, '/treino'],
  [BRUNO, '/busca'],
  [CARLA, '/salas'],
];

interface Shift {
  value: number;
  sources: string[];
}

/** Collects the page's layout shifts not caused by input, from its first paint on. */
function recordShifts() {
  const shifts: Shift[] = [];
  (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
  const describe = (node: Node | null | undefined) =>
    node instanceof Element
      ? `${node.tagName.toLowerCase()} "${(node.textContent ?? '').trim().slice(0, 40)}"`
      : String(node?.nodeName);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        sources: entry.sources.map(
          ({ node, previousRect: from, currentRect: to }) =>
            `${describe(node)} from ${Math.round(from.x)},${Math.round(from.y)} to ${Math.round(to.x)},${Math.round(to.y)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

async function shiftsOf(page: Page, path: string): Promise<Shift[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // A late answer's render, and a lazy part's.
  await page.waitForTimeout(1000);
  return page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
])
  test(`the screens hold still while they load, at ${viewport.width}×${viewport.height}`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    for (const who of [CARLA, BRUNO]) {
      // A browser of each person's own, as two phones would be.
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await blankExternalImages(page);
      await page.addInitScript(recordShifts);
      const signIn = await page.request.post('/api/auth/login', {
        data: { email: who, password: DEMO_PASSWORD },
      });
      expect(signIn.status()).toBe(200);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      for (const [, path] of SCREENS.filter(([person]) => person === who)) {
        const shifts = await shiftsOf(page, path);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect
          .soft(total, `${who} ${path}: ${JSON.stringify(shifts, null, 1)}`)
          .toBeLessThanOrEqual(STILL_CLS);
      }
      await context.close();
    }
  });
