import {
  COUNTDOWN_UNITS,
  countdownDigits,
  LANDING_SLOTS,
  LAUNCH_AT_DEFAULT,
  launchBadgeText,
} from '@estudai/contract/constants';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { LAUNCH_AT_ATTRIBUTE } from './api/get-launch.ts';
import { renderLandingFirstScreens } from './prerender.tsx';

const launchAt = new Date(LAUNCH_AT_DEFAULT);

/** The landing frame of a template, as the browser parses it. */
function parse(html: string) {
  const root = new DOMParser().parseFromString(html, 'text/html').getElementById('root');
  if (!root) throw new Error('the template has no #root');
  return root;
}

/** What the app renders at `/` for a visitor, at the moment the clock is set to. */
async function renderedFrame() {
  mockApi({ 'GET /api/launch': ok({ launchAt: LAUNCH_AT_DEFAULT }) });
  renderApp('/');
  await screen.findByRole('heading', { level: 1 });
  return screen.getByRole('banner').parentElement as HTMLElement;
}

/** The first screen: the header and the hero on its gradient (the sections below come later). */
const firstScreen = (frame: Element) => [
  frame.className,
  frame.querySelector('header')?.outerHTML,
  frame.querySelector('main > div')?.outerHTML,
];

afterEach(() => vi.useRealTimers());

describe('the landing page pre-rendered by the build', () => {
  it('after the launch, is the first screen the app renders, tag for tag', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: launchAt.getTime() + 60_000 });
    const template = parse(renderLandingFirstScreens().launched);
    expect(template.getAttribute(LAUNCH_AT_ATTRIBUTE)).toBe(LANDING_SLOTS.launchAt);
    expect(template.querySelectorAll('#root > *')).toHaveLength(1);
    expect(firstScreen(template.children[0] as Element)).toEqual(firstScreen(await renderedFrame()));
  });

  it('before the launch, is the same once the server has written the badge and the countdown in', async () => {
    // Half a second into 3 d 4 h 5 min 9 s before the launch: the countdown reads the same while rendering.
    const now = launchAt.getTime() - ((3 * 24 + 4) * 3_600 + 5 * 60 + 9) * 1_000 - 500;
    vi.useFakeTimers({ shouldAdvanceTime: true, now });
    let html = renderLandingFirstScreens().countdown.replace(
      LANDING_SLOTS.launchBadge,
      launchBadgeText(launchAt),
    );
    const digits = countdownDigits(launchAt, now);
    for (const unit of COUNTDOWN_UNITS) html = html.replace(LANDING_SLOTS[unit], digits[unit]);
    const template = parse(html);
    expect(template.textContent).toContain('Lançamento em 1 de novembro de 2025');
    expect(template.querySelector('[role="timer"]')?.textContent).toBe('03Dias04Horas05Minutos09Segundos');
    expect(firstScreen(template.children[0] as Element)).toEqual(firstScreen(await renderedFrame()));
  });
});
