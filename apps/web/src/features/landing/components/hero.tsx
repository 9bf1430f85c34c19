import {
  type CountdownDigits,
  countdownDigits,
  hasLaunched,
  LAUNCHED_BADGE_TEXT,
  launchBadgeText,
} from '@estudai/contract/constants';
import { Download, Rocket } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDemoAvailable } from '../api/get-launch.ts';
import { useNow } from '../use-now.ts';
import { Countdown } from './countdown.tsx';

export const INSTALL_SECTION_ID = 'como-instalar';

// Own classes, not the shared variants: on the gradient the colours are inverted.
const heroButtonBase =
  'inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl px-5 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
const heroButton = `${heroButtonBase} bg-white text-indigo-700 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-60`;
const outlineButton = `${heroButtonBase} border border-white/70 text-white hover:bg-white/10`;

function scrollToInstall() {
  const target = document.getElementById(INSTALL_SECTION_ID);
  if (!target) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}

export interface HeroViewProps {
  /** The launch has passed: 'Testar Demo' leads to /auth and the countdown is gone. */
  isOpen: boolean;
  /**
   * After the launch: 'Testar Demo' signs in to the demo account in one tap; false (no demo data),
   * the primary button is 'Criar conta grátis' instead.
   */
  demo?: boolean;
  /** The badge before the launch ('Lançamento em …'). */
  launchBadge: string;
  digits: CountdownDigits;
  onInstallClick(): void;
}

/** The first screen as it looks at one moment; also rendered at build time (../prerender.tsx). */
export function HeroView({ isOpen, demo, launchBadge, digits, onInstallClick }: HeroViewProps) {
  return (
    <section aria-labelledby="hero-title" className="px-5 pt-6 pb-14">
      <div className="mx-auto grid max-w-xl gap-8 text-center">
        <div className="grid gap-4">
          <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium ring-1 ring-white/25">
            <Rocket className="size-4" aria-hidden />
            {isOpen ? LAUNCHED_BADGE_TEXT : launchBadge}
          </p>
          <h1 id="hero-title" className="text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl">
            Estude junto, do ENEM aos concursos
          </h1>
          <p className="text-lg text-indigo-50">
            O Estudaí é a rede social de estudos: feed de questões, grupos com professores e mentores, chat,
            videoaulas e estatísticas do seu progresso. Tudo no celular, como um app.
          </p>
        </div>
        {/* After the launch there is nothing to count down to: no row of zeros (issue 23). */}
        {!isOpen && <Countdown digits={digits} />}
        <div className="grid gap-3 sm:grid-cols-2">
          {isOpen && demo === false ? (
            <Link to={paths.signUp()} className={heroButton}>
              Criar conta grátis
            </Link>
          ) : isOpen ? (
            <Link to={paths.demo()} className={heroButton}>
              Testar Demo
            </Link>
          ) : (
            <button type="button" disabled aria-describedby="demo-hint" className={heroButton}>
              Testar Demo
            </button>
          )}
          <button type="button" onClick={onInstallClick} className={outlineButton}>
            <Download className="size-5" aria-hidden />
            Como instalar
          </button>
        </div>
        <p id="demo-hint" className="-mt-4 text-sm text-indigo-50">
          {!isOpen
            ? 'A demonstração abre no dia do lançamento.'
            : demo === false
              ? 'Sua conta fica pronta em segundos.'
              : 'Um toque e você entra na conta de demonstração.'}
        </p>
      </div>
    </section>
  );
}

/** The first screen: what Estudaí is, the countdown (before the launch), the demo (after it) and how to install. */
export function Hero({
  launchAt,
  onBeforeInstallScroll,
}: {
  launchAt: Date;
  onBeforeInstallScroll: () => void;
}) {
  const launched = hasLaunched(launchAt, Date.now());
  const now = useNow(!launched);
  const isOpen = launched || hasLaunched(launchAt, now);
  const demo = useDemoAvailable();
  return (
    <HeroView
      isOpen={isOpen}
      demo={demo}
      launchBadge={launchBadgeText(launchAt)}
      digits={countdownDigits(launchAt, isOpen ? launchAt : now)}
      onInstallClick={() => {
        onBeforeInstallScroll();
        scrollToInstall();
      }}
    />
  );
}
