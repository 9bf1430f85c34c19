import { Navigate, Route, Routes, useParams } from 'react-router';
import { useAuth } from '../lib/auth.tsx';
import { paths, routes } from '../lib/paths.ts';
import { lazyPage } from './lazy-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteGate } from './route-gate.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

// Each page is its own chunk: the first route downloads only what it shows. The signed-in
// frame too (tab bar, chat listener, study timer): the landing page does without it.
const Shell = lazyPage(() => import('./shell.tsx'), 'Shell');
const AccountManagementPage = lazyPage(
  () => import('../features/auth/pages/account-management-page.tsx'),
  'AccountManagementPage',
);
const AuthPage = lazyPage(() => import('../features/auth/pages/auth-page.tsx'), 'AuthPage');
const VerifyEmailPage = lazyPage(
  () => import('../features/auth/pages/verify-email-page.tsx'),
  'VerifyEmailPage',
);
const ChatPage = lazyPage(() => import('../features/chat/pages/chat-page.tsx'), 'ChatPage');
const FeedRoute = lazyPage(() => import('./routes/feed-route.tsx'), 'FeedRoute');
const GroupForumPage = lazyPage(
  () => import('../features/forum/pages/group-forum-page.tsx'),
  'GroupForumPage',
);
const GroupPaymentPage = lazyPage(
  () => import('../features/payments/pages/group-payment-page.tsx'),
  'GroupPaymentPage',
);
const GroupVideoPage = lazyPage(
  () => import('../features/videos/pages/group-video-page.tsx'),
  'GroupVideoPage',
);
const StudyGroupRoute = lazyPage(() => import('./routes/study-group-route.tsx'), 'StudyGroupRoute');
const StudyGroupsPage = lazyPage(
  () => import('../features/groups/pages/study-groups-page.tsx'),
  'StudyGroupsPage',
);
const LandingPage = lazyPage(() => import('../features/landing/pages/landing-page.tsx'), 'LandingPage');
const NotificationsPage = lazyPage(
  () => import('../features/notifications/pages/notifications-page.tsx'),
  'NotificationsPage',
);
const PostCommentsPage = lazyPage(
  () => import('../features/posts/pages/post-comments-page.tsx'),
  'PostCommentsPage',
);
const PublicPostPage = lazyPage(
  () => import('../features/posts/pages/public-post-page.tsx'),
  'PublicPostPage',
);
const ProfileRoute = lazyPage(() => import('./routes/profile-route.tsx'), 'ProfileRoute');
const UserRoute = lazyPage(() => import('./routes/profile-route.tsx'), 'UserRoute');
const AdminReportsPage = lazyPage(
  () => import('../features/moderation/pages/admin-reports-page.tsx'),
  'AdminReportsPage',
);
const GuardianPage = lazyPage(() => import('../features/guardians/pages/guardian-page.tsx'), 'GuardianPage');
const ContestPage = lazyPage(() => import('../features/reports/pages/contest-page.tsx'), 'ContestPage');
const BlockedUsersPage = lazyPage(
  () => import('../features/users/pages/blocked-users-page.tsx'),
  'BlockedUsersPage',
);
const MyDataPage = lazyPage(() => import('../features/privacy/pages/my-data-page.tsx'), 'MyDataPage');
const PrivacyPage = lazyPage(() => import('../features/privacy/pages/privacy-page.tsx'), 'PrivacyPage');
const VideosPage = lazyPage(() => import('../features/videos/pages/videos-page.tsx'), 'VideosPage');
const QuestionBankPage = lazyPage(
  () => import('../features/study/pages/question-bank-page.tsx'),
  'QuestionBankPage',
);
const NotebookPage = lazyPage(() => import('../features/study/pages/notebook-page.tsx'), 'NotebookPage');
const SimuladoPage = lazyPage(() => import('../features/simulados/pages/simulado-page.tsx'), 'SimuladoPage');
const NewSimuladoPage = lazyPage(
  () => import('../features/simulados/pages/simulado-editor-page.tsx'),
  'NewSimuladoPage',
);
const EditSimuladoPage = lazyPage(
  () => import('../features/simulados/pages/simulado-editor-page.tsx'),
  'EditSimuladoPage',
);
const SimuladoAttemptPage = lazyPage(
  () => import('../features/simulados/pages/simulado-attempt-page.tsx'),
  'SimuladoAttemptPage',
);
const SimuladoResultPage = lazyPage(
  () => import('../features/simulados/pages/simulado-result-page.tsx'),
  'SimuladoResultPage',
);
const GroupMembersPage = lazyPage(
  () => import('../features/teaching/pages/group-members-page.tsx'),
  'GroupMembersPage',
);
const GroupEarningsPage = lazyPage(
  () => import('../features/teaching/pages/group-earnings-page.tsx'),
  'GroupEarningsPage',
);
const GroupInvitePage = lazyPage(
  () => import('../features/teaching/pages/group-invite-page.tsx'),
  'GroupInvitePage',
);
const ReviewPage = lazyPage(() => import('../features/study/pages/review-page.tsx'), 'ReviewPage');
const SearchRoute = lazyPage(() => import('./routes/search-route.tsx'), 'SearchRoute');
const TagRoute = lazyPage(() => import('./routes/search-route.tsx'), 'TagRoute');

/**
 * The page `/` will show, fetched at once while the session is asked: the feed in its frame for a
 * signed-in student, the landing page for anyone else. Settles when it is loaded (or failed to).
 * main.tsx waits for it before the first render at `/`: with its page at hand the app mounts in one
 * pass, instead of suspending on it, committing 'Carregando...' and mounting a second time.
 */
export const loadHomePage = (signedIn: boolean): Promise<unknown> =>
  (signedIn ? Promise.all([Shell.preload(), FeedRoute.preload()]) : LandingPage.preload()).catch(
    () => undefined,
  );

/** /admin/denuncias is for admins; anyone else gets the fallback page, not even the page's chunk. */
function AdminRoute() {
  const { user } = useAuth();
  return user?.userType === 'admin' ? <AdminReportsPage /> : <NotFoundPage />;
}

/** `/` is the landing page when signed out and the feed, inside the shell, when signed in. */
function HomeRoute() {
  const { user } = useAuth();
  return user ? (
    <Shell>
      <FeedRoute />
    </Shell>
  ) : (
    <LandingPage />
  );
}

/** A shared post (/post/{id}): its comments page for a student, read-only with a call to sign up for a visitor. */
function PostRoute() {
  const { user } = useAuth();
  const { postId = '' } = useParams();
  return user ? <Navigate to={paths.postComments(postId)} replace /> : <PublicPostPage />;
}

/** /responsavel: in the shell for a signed-in guardian; alone for one who opened the mail signed out. */
function GuardianRoute() {
  const { user } = useAuth();
  return user ? (
    <Shell>
      <GuardianPage />
    </Shell>
  ) : (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <main className="mx-auto w-full max-w-2xl">
        <GuardianPage />
      </main>
    </div>
  );
}

/** /convite/{code}: in the shell when signed in; alone, asking to sign in first, when not. */
function GroupInviteRoute() {
  const { user } = useAuth();
  return user ? (
    <Shell>
      <GroupInvitePage />
    </Shell>
  ) : (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <main className="mx-auto w-full max-w-2xl">
        <GroupInvitePage />
      </main>
    </div>
  );
}

export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route element={<RouteGate />}>
          <Route path={routes.home} element={<HomeRoute />} />
          <Route path={routes.auth} element={<AuthPage />} />
          <Route path={routes.authMgmt} element={<AccountManagementPage />} />
          <Route path={routes.verifyEmail} element={<VerifyEmailPage />} />
          <Route path={routes.privacy} element={<PrivacyPage />} />
          <Route path={routes.guardian} element={<GuardianRoute />} />
          <Route path={routes.post} element={<PostRoute />} />
          <Route path={routes.groupInvite} element={<GroupInviteRoute />} />
          <Route element={<Shell />}>
            <Route path={routes.user} element={<UserRoute />} />
            <Route path={routes.profile} element={<ProfileRoute />} />
            <Route path={routes.studyGroups} element={<StudyGroupsPage />} />
            <Route path={routes.studyGroup} element={<StudyGroupRoute />} />
            <Route path={routes.groupVideo} element={<GroupVideoPage />} />
            <Route path={routes.groupForum} element={<GroupForumPage />} />
            <Route path={routes.groupPayment} element={<GroupPaymentPage />} />
            <Route path={routes.groupMembers} element={<GroupMembersPage />} />
            <Route path={routes.groupEarnings} element={<GroupEarningsPage />} />
            <Route path={routes.checkout} element={<GroupPaymentPage />} />
            <Route path={routes.videos} element={<VideosPage />} />
            <Route path={routes.notifications} element={<NotificationsPage />} />
            <Route path={routes.myData} element={<MyDataPage />} />
            <Route path={routes.blockedUsers} element={<BlockedUsersPage />} />
            <Route path={routes.contestReport} element={<ContestPage />} />
            <Route path={routes.chat} element={<ChatPage />} />
            <Route path={routes.postComments} element={<PostCommentsPage />} />
            <Route path={routes.adminReports} element={<AdminRoute />} />
            <Route path={routes.search} element={<SearchRoute />} />
            <Route path={routes.tag} element={<TagRoute />} />
            <Route path={routes.questionBank} element={<QuestionBankPage />} />
            <Route path={routes.notebook} element={<NotebookPage />} />
            <Route path={routes.review} element={<ReviewPage />} />
            <Route path={routes.reviewShort} element={<Navigate to={routes.review} replace />} />
            <Route path={routes.newSimulado} element={<NewSimuladoPage />} />
            <Route path={routes.simulado} element={<SimuladoPage />} />
            <Route path={routes.editSimulado} element={<EditSimuladoPage />} />
            <Route path={routes.simuladoAttempt} element={<SimuladoAttemptPage />} />
            <Route path={routes.simuladoResult} element={<SimuladoResultPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </>
  );
}
