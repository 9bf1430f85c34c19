import { Bell, Home, Plus, User, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { HeaderActionsProvider } from '../components/header-actions.tsx';
import { OfflineIndicator } from '../components/offline-indicator.tsx';
import { ChatListener } from '../features/chat/components/chat-listener.tsx';
import { ChatShortcut } from '../features/chat/components/chat-shortcut.tsx';
import { PendingInviteRedirect } from '../features/guardians/components/pending-invite-redirect.tsx';
import { SupervisionNotice } from '../features/guardians/components/supervision-notice.tsx';
import { NotificationsListener } from '../features/notifications/components/notifications-listener.tsx';
import { NotificationsTabBadge } from '../features/notifications/components/notifications-tab-badge.tsx';
import { BirthDatePrompt } from '../features/privacy/components/birth-date-prompt.tsx';
import { StudyTimer } from '../features/study/components/study-timer.tsx';
import { ReviewSync } from '../features/study/offline/use-review-queue.ts';
import { GroupInviteRedirect } from '../features/teaching/components/group-invite-redirect.tsx';
import { useAuth } from '../lib/auth.tsx';
import { cn } from '../lib/cn.ts';
import { isChatPath, isCommentsPath, isSimuladoAttemptPath, paths } from '../lib/paths.ts';

const tabClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'relative flex h-full flex-1 flex-col items-center justify-center gap-0.5 rounded-xl text-[11px] font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500',
    isActive
      ? 'text-indigo-600 dark:text-indigo-400'
      : 'text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100',
  );

function Tab({
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
    <NavLink to={to} end={end} className={tabClasses}>
      {icon}
      <span>{label}</span>
      {badge}
    </NavLink>
  );
}

/** Spec §2: four tabs with the round create button between the second and third. */
function TabBar() {
  const navigate = useNavigate();
  const icon = 'size-6';
  return (
    <nav
      aria-label="Navegação principal"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur dark:border-slate-800 dark:bg-slate-950/95"
    >
      <div className="mx-auto flex h-16 max-w-lg items-center px-2">
        <Tab to={paths.home()} end label="Início" icon={<Home className={icon} aria-hidden />} />
        <Tab to={paths.studyGroups()} label="Grupos" icon={<Users className={icon} aria-hidden />} />
        <div className="flex flex-1 justify-center">
          <button
            type="button"
            aria-label="Criar novo post"
            // The feed opens its create-post dialog from this parameter.
            onClick={() => navigate(paths.createPost())}
            className="-mt-6 flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-indigo-600 to-violet-600 text-white shadow-lg shadow-indigo-600/40 transition-transform hover:scale-105 active:scale-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
          >
            <Plus className="size-7" aria-hidden />
          </button>
        </div>
        <Tab
          to={paths.notifications()}
          label="Notificações"
          icon={<Bell className={icon} aria-hidden />}
          badge={<NotificationsTabBadge className="absolute top-1 left-1/2 ml-1" />}
        />
        <Tab to={paths.profile()} label="Perfil" icon={<User className={icon} aria-hidden />} />
      </div>
    </nav>
  );
}

/**
 * The signed-in frame: the page, the tab bar (not on chat screens, under the comments' own
 * composer, nor during a simulado attempt) and, in every title bar, the study timer (not on comments
 * nor beside an attempt's countdown), messages and offline state.
 * Nothing floats over the page (issue 23): the bars are opaque and the page keeps room for them.
 */
export function Shell({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const { user } = useAuth();
  const onChat = isChatPath(pathname);
  const onComments = isCommentsPath(pathname);
  const onAttempt = isSimuladoAttemptPath(pathname);
  // The comments keep their composer at the bottom; an attempt keeps the student on the exam.
  const showTabBar = !onChat && !onComments && !onAttempt;
  const showStudyTimer = !onChat && !onComments && !onAttempt;
  const actions = (
    <>
      <OfflineIndicator />
      {showStudyTimer && user && <StudyTimer key={user.id} userId={user.id} />}
      {!onChat && <ChatShortcut />}
    </>
  );
  return (
    <HeaderActionsProvider actions={actions}>
      <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <main
          className={cn(
            'mx-auto w-full max-w-2xl',
            // Room for the tab bar: scrolled to the end, nothing stays under it.
            showTabBar && 'pb-[calc(5rem+env(safe-area-inset-bottom))]',
          )}
        >
          {user && <BirthDatePrompt />}
          {user && <SupervisionNotice />}
          {/* A page that throws is replaced by a message and 'Tentar novamente'; the tab bar stays. */}
          <ErrorBoundary resetKey={pathname} variant="page">
            {children ?? <Outlet />}
          </ErrorBoundary>
        </main>
        {showTabBar && <TabBar />}
        <ChatListener />
        <NotificationsListener />
        {user?.emailVerified && <PendingInviteRedirect />}
        {user?.emailVerified && <GroupInviteRedirect />}
        {user && <ReviewSync key={user.id} userId={user.id} />}
      </div>
    </HeaderActionsProvider>
  );
}
