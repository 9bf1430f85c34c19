import { Smartphone, Tablet } from 'lucide-react';
import { INSTALL_SECTION_ID } from './hero.tsx';
import { InstallButton } from './install-button.tsx';

const PLATFORMS = [
  {
    Icon: Smartphone,
    title: 'Android (Chrome)',
    steps: [
      'Abra o Estudaí no Chrome.',
      'Toque no menu ⋮, no canto superior direito.',
      'Toque em “Instalar app” ou “Adicionar à tela inicial”.',
      'Confirme em “Instalar”. O ícone aparece com os seus apps.',
    ],
  },
  {
    Icon: Tablet,
    title: 'iPhone e iPad (Safari)',
    steps: [
      'Abra o Estudaí no Safari.',
      'Toque no botão Compartilhar (o quadrado com a seta para cima).',
      'Role e toque em “Adicionar à Tela de Início”.',
      'Toque em “Adicionar”. Pronto: abra pelo ícone na tela inicial.',
    ],
  },
];

/** Spec §2: install steps for Android/Chrome and iPhone/iPad/Safari; 'Como instalar' scrolls here. */
export function InstallSteps() {
  return (
    <section
      id={INSTALL_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="install-title"
      className="scroll-mt-4 px-5 py-14 outline-none"
    >
      <div className="mx-auto grid max-w-4xl gap-8">
        <div className="grid gap-2 text-center">
          <h2 id="install-title" className="text-3xl font-bold tracking-tight">
            Como instalar
          </h2>
          <p className="text-slate-600 dark:text-slate-300">
            O Estudaí é um web app: instale direto do navegador, sem loja de aplicativos.
          </p>
          <InstallButton />
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          {PLATFORMS.map(({ Icon, title, steps }) => (
            <article
              key={title}
              className="grid content-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
            >
              <h3 className="flex items-center gap-2 text-lg font-semibold">
                <Icon className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
                {title}
              </h3>
              <ol className="grid gap-3">
                {steps.map((step, index) => (
                  <li key={step} className="flex gap-3">
                    <span
                      aria-hidden
                      className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
                    >
                      {index + 1}
                    </span>
                    <span>{step}</span>
                  </li>
                ))}
              </ol>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
