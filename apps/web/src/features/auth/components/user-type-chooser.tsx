import type { SignupUserType } from '@estudai/contract/constants';
import { BookOpen, ChevronRight, Compass, Presentation } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { AuthHeading } from './auth-layout.tsx';

/** How each sign-up choice is named on the auth screen (spec §2). */
export const SIGNUP_TYPE_NAMES: Record<SignupUserType, string> = {
  aluno: 'Aluno',
  professor: 'Professor',
  mentor: 'Mentor',
};

const OPTIONS = [
  {
    type: 'aluno',
    description: 'Estou aqui para estudar e aprender',
    Icon: BookOpen,
    tint: 'bg-sky-100 text-sky-700 dark:bg-sky-900/50 dark:text-sky-300',
  },
  {
    type: 'professor',
    description: 'Quero ensinar e compartilhar conhecimento',
    Icon: Presentation,
    tint: 'bg-violet-100 text-violet-700 dark:bg-violet-900/50 dark:text-violet-300',
  },
  {
    type: 'mentor',
    description: 'Quero orientar e ajudar outros estudantes',
    Icon: Compass,
    tint: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/50 dark:text-emerald-300',
  },
] as const;

export function UserTypeChooser({
  onChoose,
  onBack,
}: {
  onChoose: (type: SignupUserType) => void;
  onBack: () => void;
}) {
  return (
    <>
      <AuthHeading title="Criar conta" subtitle="Como você quer usar o Estudaí?" />
      <ul className="grid gap-3">
        {OPTIONS.map(({ type, description, Icon, tint }) => (
          <li key={type}>
            <button
              type="button"
              onClick={() => onChoose(type)}
              className="flex w-full items-center gap-4 rounded-2xl border border-slate-200 p-4 text-left transition-colors hover:border-indigo-400 hover:bg-indigo-50/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:hover:border-indigo-500 dark:hover:bg-indigo-950/40"
            >
              <span className={`flex size-11 shrink-0 items-center justify-center rounded-xl ${tint}`}>
                <Icon className="size-6" aria-hidden />
              </span>
              <span className="grid flex-1 gap-0.5">
                <span className="font-semibold text-slate-900 dark:text-white">
                  {SIGNUP_TYPE_NAMES[type]}
                </span>
                <span className="text-sm text-slate-500 dark:text-slate-400">{description}</span>
              </span>
              <ChevronRight className="size-5 text-slate-400" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" className="mt-4 w-full" onClick={onBack}>
        Voltar
      </Button>
    </>
  );
}
