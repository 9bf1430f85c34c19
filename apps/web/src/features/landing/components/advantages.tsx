import { BellRing, Feather, RefreshCw, WifiOff, Zap } from 'lucide-react';

const ADVANTAGES = [
  {
    Icon: WifiOff,
    title: 'Funciona offline',
    text: 'O último feed e o seu perfil abrem mesmo sem internet.',
  },
  { Icon: Feather, title: 'Leve', text: 'Ocupa bem menos espaço que um app de loja e carrega rápido.' },
  { Icon: RefreshCw, title: 'Atualizações automáticas', text: 'Sempre a versão mais nova, sem baixar nada.' },
  {
    Icon: Zap,
    title: 'Desempenho de app nativo',
    text: 'Abre em tela cheia, direto do ícone na tela inicial.',
  },
  {
    Icon: BellRing,
    title: 'Notificações push',
    text: 'Avisos de respostas e mensagens, quando você ativar.',
  },
];

/** Spec §2: the advantages of the web app. */
export function Advantages() {
  return (
    <section aria-labelledby="advantages-title" className="bg-white px-5 py-14 dark:bg-slate-900">
      <div className="mx-auto grid max-w-4xl gap-8">
        <h2 id="advantages-title" className="text-center text-3xl font-bold tracking-tight">
          Vantagens do web app
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {ADVANTAGES.map(({ Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <Icon className="mt-0.5 size-6 shrink-0 text-violet-600 dark:text-violet-400" aria-hidden />
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-slate-700 dark:text-slate-300">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
