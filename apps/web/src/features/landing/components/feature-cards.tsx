import { Bell, ChartColumn, CircleHelp, FileText, ListChecks, MessagesSquare } from 'lucide-react';

const CARDS = [
  {
    Icon: CircleHelp,
    title: 'Questões comentadas',
    text: 'Resolva questões de múltipla escolha com gabarito e explicação.',
  },
  { Icon: ChartColumn, title: 'Enquetes', text: 'Pergunte à turma e acompanhe os votos de cada opção.' },
  { Icon: ListChecks, title: 'Quizzes', text: 'Monte simulados e veja seu percentual de acertos na hora.' },
  { Icon: FileText, title: 'Materiais', text: 'Resumos e PDFs organizados em cada grupo de estudo.' },
  {
    Icon: MessagesSquare,
    title: 'Fórum',
    text: 'Tire dúvidas em tópicos com respostas de toda a comunidade.',
  },
  { Icon: Bell, title: 'Notificações', text: 'Saiba quando alguém curte, comenta ou segue você.' },
];

/** Spec §2: the six feature cards. */
export function FeatureCards() {
  return (
    <section aria-labelledby="cards-title" className="bg-white px-5 py-14 dark:bg-slate-900">
      <div className="mx-auto grid max-w-4xl gap-8">
        <h2 id="cards-title" className="text-center text-3xl font-bold tracking-tight">
          Recursos para cada jeito de estudar
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {CARDS.map(({ Icon, title, text }) => (
            <li
              key={title}
              className="grid gap-2 rounded-2xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-700 dark:bg-slate-950"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="text-slate-700 dark:text-slate-300">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
