import {
  Bell,
  BookOpenCheck,
  Home,
  NotebookPen,
  PenLine,
  Plus,
  Search,
  ShieldCheck,
  Target,
  Timer,
  User,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { NotificationsTabBadge } from '../features/notifications/components/notifications-tab-badge.tsx';
import { isGuardianAccount, useAuth } from '../lib/auth.tsx';
import { cn } from '../lib/cn.ts';
import { paths } from '../lib/paths.ts';

const sideLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'relative flex h-11 items-center gap-3 rounded-xl px-3 text-[15px] font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-indigo-500',
    isActive
      ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
  );

function SideLink({
  to,
  label,
  icon,
  end,
  badge,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
  badge?: ReactNode;
}) {
  return (
    <NavLink to={to} end={end} className={sideLinkClasses}>
      {icon}
      <span className="truncate">{label}</span>
      {badge}
    </NavLink>
  );
}

/**
 * The desktop's left column (issue 21): the tab bar's destinations (same names, so a journey finds
 * them at any width) plus Busca, Salas, Questões, Caderno, Treino and Redação (a guardian's: 'Painel do
 * responsável'), and the create button.
 */
export function SideNav({ className }: { className?: string }) {
  const navigate = useNavigate();
  const guardian = isGuardianAccount(useAuth().user);
  const icon = 'size-5 shrink-0';
  return (
    <nav
      aria-label="Navegação principal"
      className={cn('sticky top-0 flex h-dvh flex-col gap-1 overflow-y-auto py-4 pr-2', className)}
    >
      <p className="mb-3 px-3 text-2xl font-bold tracking-tight text-indigo-600 dark:text-indigo-400">
        Estudaí
      </p>
      <SideLink to={paths.home()} end label="Início" icon={<Home className={icon} aria-hidden />} />
      <SideLink to={paths.search()} label="Busca" icon={<Search className={icon} aria-hidden />} />
      <SideLink to={paths.studyGroups()} label="Grupos" icon={<Users className={icon} aria-hidden />} />
      {guardian ? (
        // A guardian's account has no study pages of its own (issue 36): its dashboard instead.
        <SideLink
          to={paths.guardian()}
          label="Painel do responsável"
          icon={<ShieldCheck className={icon} aria-hidden />}
        />
      ) : (
        <>
          <SideLink to={paths.rooms()} label="Salas" icon={<Timer className={icon} aria-hidden />} />
          <SideLink
            to={paths.questionBank()}
            label="Questões"
            icon={<BookOpenCheck className={icon} aria-hidden />}
          />
          <SideLink
            to={paths.notebook()}
            label="Caderno"
            icon={<NotebookPen className={icon} aria-hidden />}
          />
          <SideLink to={paths.practice()} label="Treino" icon={<Target className={icon} aria-hidden />} />
          <SideLink to={paths.essays()} label="Redação" icon={<PenLine className={icon} aria-hidden />} />
        </>
      )}
      <SideLink
        to={paths.notifications()}
        label="Notificações"
        icon={<Bell className={icon} aria-hidden />}
        badge={<NotificationsTabBadge className="ml-auto" />}
      />
      <SideLink to={paths.profile()} label="Perfil" icon={<User className={icon} aria-hidden />} />
      <button
        type="button"
        // The feed opens its create-post dialog from this parameter, as from the tab bar's button.
        onClick={() => navigate(paths.createPost())}
        className="mt-4 flex h-12 items-center justify-center gap-2 rounded-full bg-gradient-to-br from-indigo-600 to-violet-600 px-4 font-semibold text-white shadow-lg shadow-indigo-600/30 transition-transform hover:scale-[1.02] active:scale-[0.98] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      >
        <Plus className="size-5" aria-hidden />
        Criar novo post
      </button>
    </nav>
  );
}
