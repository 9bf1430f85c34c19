import { COUNTDOWN_UNITS, countdownDigits, LANDING_SLOTS } from '@estudai/contract/constants';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { DEMO_ATTRIBUTE, LAUNCH_AT_ATTRIBUTE } from './api/get-launch.ts';
import { HeroView, type HeroViewProps } from './components/hero.tsx';
import { LandingFrame } from './components/landing-frame.tsx';

function render(hero: Omit<HeroViewProps, 'onInstallClick'>) {
  const markup = renderToStaticMarkup(
    <MemoryRouter>
      <LandingFrame hero={<HeroView {...hero} onInstallClick={() => {}} />} />
    </MemoryRouter>,
  );
  return `<div id="root" ${LAUNCH_AT_ATTRIBUTE}="${LANDING_SLOTS.launchAt}" ${DEMO_ATTRIBUTE}="${LANDING_SLOTS.demo}">${markup}</div>`;
}

/**
 * The landing page's first screen (header and hero), as #root, for the build to put into the HTML a
 * visitor without a session gets at `/` (vite.config.ts). The hero paints with the page itself, before
 * the app's code arrives; the app's first render then puts the same markup in its place. Two states:
 * after the launch nothing changes from second to second; before it, the server fills the slots.
 */
export function renderLandingFirstScreens() {
  const zeros = countdownDigits(0, 0);
  const slots = Object.fromEntries(COUNTDOWN_UNITS.map((unit) => [unit, LANDING_SLOTS[unit]]));
  return {
    launched: render({ isOpen: true, launchBadge: '', digits: zeros }),
    countdown: render({
      isOpen: false,
      launchBadge: LANDING_SLOTS.launchBadge,
      digits: slots as HeroViewProps['digits'],
    }),
  };
}
