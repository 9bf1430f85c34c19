import { Bell, Home, Plus, User, Users } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { HeaderActionsProvider } from '../components/header-actions.tsx';
import { OfflineIndicator } from '../components/offline-indicator.tsx';
import { ChatListener } from '../features/chat/components/chat-listener.tsx';
import { ChatShortcut } from '../features/chat/components/chat-shortcut.tsx';
import { PendingInviteRedirect } from '../features/guardians/components/pending-invite-redirect.tsx';
import { NotificationsListener } from '../features/notifications/components/notifications-listener.tsx';
import { NotificationsTabBadge } from '../features/notifications/components/notifications-tab-badge.tsx';
import { BirthDatePrompt } from '../features/privacy/components/birth-date-prompt.tsx';
import { StudyTimer } from '../features/study/components/study-timer.tsx';
import { ReviewSync } from '../features/study/offline/use-review-queue.ts';
import { GroupInviteRedirect } from '../features/teaching/components/group-invite-redirect.tsx';
import { signedInScreenMounted } from '../lib/api.ts';
import { isGuardianAccount, useAuth } from '../lib/auth.tsx';
import { cn } from '../lib/cn.ts';
import { isDemoSession } from '../lib/demo-session.ts';
import { lazyPart } from '../lib/lazy-part.tsx';
import { useMe } from '../lib/me.ts';
import { isChatPath, isCommentsPath, isSimuladoAttemptPath, paths } from '../lib/paths.ts';
import { useIsDesktop } from '../lib/use-media-query.ts';
import { SessionListener } from './session-listener.tsx';

// The desktop's right column (trending hashtags, people to follow) loads where it shows, from 1024 px:
// a phone's first route does without it.
const SideRail = lazyPart(() => import('./side-rail.tsx'), 'SideRail');
// The desktop's left column: a phone never shows it, so its links are not in the first route's code.
const SideNav = lazyPart(() => import('./side-nav.tsx'), 'SideNav');
// A minor's notice about their guardian (its invitation form and zod with it) loads only for a minor.
// Only a tab that opened the shared demo account ('Testar Demo') loads its banner.
const DemoBanner = lazyPart(() => import('../components/demo-banner.tsx'), 'DemoBanner');
const SupervisionNotice = lazyPart(
  () => import('../features/guardians/components/supervision-notice.tsx'),
  'SupervisionNotice',
);

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
 * composer, nor during a simulado attempt) and, in every title bar, the study timer (not on comments,
 * beside an attempt's countdown nor to a guardian's account), messages and offline state.
 * Nothing floats over the page (issue 23): the bars are opaque and the page keeps room for them.
 */
export function Shell({ children }: { children?: ReactNode }) {
  useEffect(signedInScreenMounted, []);
  const { pathname } = useLocation();
  const { user } = useAuth();
  const isMinor = useMe()?.isMinor === true;
  const onChat = isChatPath(pathname);
  const onComments = isCommentsPath(pathname);
  const onAttempt = isSimuladoAttemptPath(pathname);
  const isDesktop = useIsDesktop();
  // The comments keep their composer at the bottom; an attempt keeps the student on the exam.
  const showTabBar = !isDesktop && !onChat && !onComments && !onAttempt;
  // From 1024 px: the side navigation and the right column around the page, except where the
  // screen is the whole window (chat) or the exam alone (an attempt).
  const showColumns = isDesktop && !onChat && !onAttempt;
  // A guardian's account has no study of its own to time (issue 36).
  const showStudyTimer = !onChat && !onComments && !onAttempt && !isGuardianAccount(user);
  const actions = (
    <>
      <OfflineIndicator />
      {showStudyTimer && user && <StudyTimer key={user.id} userId={user.id} />}
      {!onChat && <ChatShortcut />}
    </>
  );
  return (
    <HeaderActionsProvider actions={actions}>
      <div
        className={cn(
          'min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100',
          showColumns &&
            'grid grid-cols-[13rem_minmax(0,42rem)_17rem] items-start justify-center gap-4 px-4 xl:grid-cols-[15rem_minmax(0,42rem)_20rem] xl:gap-6',
        )}
      >
        {/* Each column placed by name: the page never moves when a side column's code arrives after it. */}
        {showColumns && <SideNav className="col-start-1 row-start-1" />}
        <main
          className={cn(
            'mx-auto w-full max-w-2xl',
            // Room for the tab bar: scrolled to the end, nothing stays under it.
            showTabBar && 'pb-[calc(5rem+env(safe-area-inset-bottom))]',
            // Between the columns: its own borders, as wide as its column.
            showColumns &&
              'col-start-2 row-start-1 min-h-dvh min-w-0 border-x border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950',
          )}
        >
          {user && isDemoSession(user.email) && <DemoBanner />}
          {user && <BirthDatePrompt />}
          {user && isMinor && <SupervisionNotice />}
          {/* A page that throws is replaced by a message and 'Tentar novamente'; the tab bar stays. A
              route's page has its route's error element (router.tsx); the feed at `/` this one. */}
          {children ? (
            <ErrorBoundary resetKey={pathname} variant="page">
              {children}
            </ErrorBoundary>
          ) : (
            <Outlet />
          )}
        </main>
        {showColumns && <SideRail className="col-start-3 row-start-1" />}
        {showTabBar && <TabBar />}
        <ChatListener />
        <NotificationsListener />
        <SessionListener />
        {user?.emailVerified && <PendingInviteRedirect />}
        {user?.emailVerified && <GroupInviteRedirect />}
        {user && <ReviewSync key={user.id} userId={user.id} />}
      </div>
    </HeaderActionsProvider>
  );
}
