import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { paths } from '../../../lib/paths.ts';
import { useLaunchAt } from '../api/get-launch.ts';
import { Advantages } from '../components/advantages.tsx';
import { FeatureCards } from '../components/feature-cards.tsx';
import { FeatureShowcases } from '../components/feature-showcases.tsx';
import { Hero } from '../components/hero.tsx';
import { InstallSteps } from '../components/install-steps.tsx';
import { LandingFrame } from '../components/landing-frame.tsx';
import { ShareButton } from '../components/share-button.tsx';
import { useHasLaunched } from '../use-has-launched.ts';
import { useStagedReveal } from '../use-staged-reveal.ts';

// The form (react-hook-form, and zod when it is sent) arrives after the first screen, not with it.
const WaitlistForm = lazyPart(() => import('../components/waitlist-form.tsx'), 'WaitlistForm');

/** Before the launch: the waiting list, which promises to tell at the launch. */
function WaitlistSection() {
  return (
    <section aria-labelledby="waitlist-title" className="px-5 py-14">
      <div className="mx-auto grid max-w-md gap-6">
        <div className="grid gap-2 text-center">
          <h2 id="waitlist-title" className="text-3xl font-bold tracking-tight">
            Entre na lista de espera
          </h2>
          <p className="text-slate-600 dark:text-slate-300">
            Deixe seu contato e avisamos assim que o Estudaí abrir para todo mundo.
          </p>
        </div>
        <WaitlistForm />
      </div>
    </section>
  );
}

/** After the launch: nothing to wait for, so the call is to create an account (issue 23). */
function SignUpSection() {
  return (
    <section aria-labelledby="sign-up-title" className="px-5 py-14">
      <div className="mx-auto grid max-w-md gap-6 text-center">
        <div className="grid gap-2">
          <h2 id="sign-up-title" className="text-3xl font-bold tracking-tight">
            Crie sua conta grátis
          </h2>
          <p className="text-slate-600 dark:text-slate-300">
            O Estudaí está aberto para todo mundo. Crie sua conta em segundos e comece a estudar hoje.
          </p>
        </div>
        <div className="grid gap-3">
          <Link to={paths.signUp()} className={buttonClasses({ size: 'lg' })}>
            Criar conta
          </Link>
          <Link to={paths.auth()} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
            Já tenho conta
          </Link>
        </div>
      </div>
    </section>
  );
}

function ShareSection() {
  return (
    <section aria-labelledby="share-title" className="px-5 py-14">
      <div className="mx-auto grid max-w-md justify-items-center gap-4 text-center">
        <h2 id="share-title" className="text-2xl font-bold tracking-tight">
          Estude com os seus amigos
        </h2>
        <p className="text-slate-600 dark:text-slate-300">
          Conhece alguém que vai prestar vestibular ou concurso? Mande o Estudaí.
        </p>
        <ShareButton />
      </div>
    </section>
  );
}

function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 px-5 py-8 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
      © 2025 Estudaí. Todos os direitos reservados.
    </footer>
  );
}

/** Below the first screen, rendered a section per task after the first paint. */
const LATER_SECTIONS = [
  { id: 'showcases', Section: FeatureShowcases },
  { id: 'cards', Section: FeatureCards },
  { id: 'install', Section: InstallSteps },
  { id: 'advantages', Section: Advantages },
  { id: 'share', Section: ShareSection },
];

/** Spec §2 'Landing page': what a signed-out visitor sees at / before (and after) the launch. */
export function LandingPage() {
  const launchAt = useLaunchAt();
  const launched = useHasLaunched(launchAt);
  const { count, revealAll } = useStagedReveal(LATER_SECTIONS.length);
  return (
    <LandingFrame
      hero={<Hero launchAt={launchAt} onBeforeInstallScroll={revealAll} />}
      footer={count === LATER_SECTIONS.length && <LandingFooter />}
    >
      {launched ? <SignUpSection /> : <WaitlistSection />}

      {LATER_SECTIONS.slice(0, count).map(({ id, Section }) => (
        <Section key={id} />
      ))}
    </LandingFrame>
  );
}
