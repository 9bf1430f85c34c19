import { STUDY_PATHS } from '@estudai/contract/constants';
import { BookOpenCheck, type LucideIcon, NotebookPen, PenLine, Repeat, Target, Timer } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { useNotebookSummary } from '../api/notebook.ts';
import { DueBadge } from './due-badge.tsx';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'relative flex h-11 min-w-0 flex-1 items-center justify-center gap-1.5 rounded-xl border px-2 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
    isActive
      ? 'border-indigo-500 bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200'
      : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700/60 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
  );

function StudyLink({
  to,
  label,
  Icon,
  due = 0,
}: {
  to: string;
  label: string;
  Icon: LucideIcon;
  due?: number;
}) {
  return (
    <NavLink
      to={to}
      end
      className={linkClasses}
      aria-label={due > 0 ? `${label}, ${due} para revisar` : undefined}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      <span className="truncate">{label}</span>
      <DueBadge count={due} className="absolute -top-2 -right-1.5" />
    </NavLink>
  );
}

/**
 * 'Questões', 'Caderno', 'Revisão' (with the cards due now), 'Treino' (issue 40), 'Redação' (issue 38)
 * and the study rooms ('Salas', issue 39): on the feed and on each study screen — on a phone, the way
 * to them (the tab bar keeps its four tabs).
 */
export function StudyNav() {
  const summary = useNotebookSummary();
  return (
    // Six ways in, two rows of three: each label whole on a phone and in the desktop's centre column.
    <nav aria-label="Estudo" className="grid grid-cols-3 gap-2">
      <StudyLink to={STUDY_PATHS.bank} label="Questões" Icon={BookOpenCheck} />
      <StudyLink to={STUDY_PATHS.notebook} label="Caderno" Icon={NotebookPen} />
      <StudyLink to={STUDY_PATHS.review} label="Revisão" Icon={Repeat} due={summary.data?.dueNow ?? 0} />
      <StudyLink to={STUDY_PATHS.practice} label="Treino" Icon={Target} />
      <StudyLink to={paths.rooms()} label="Salas" Icon={Timer} />
      <StudyLink to={paths.essays()} label="Redação" Icon={PenLine} />
    </nav>
  );
}
