import type { UserProfile } from '@estudai/contract/constants';
import { Navigate, Route, Routes } from 'react-router';
import { StudyNav } from '../features/study/components/study-nav.tsx';
import { StudyStatsSection } from '../features/study/components/study-stats-section.tsx';
import { useAuth } from '../lib/auth.tsx';
import { lazyPage } from './lazy-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { routes } from './paths.ts';
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
const FeedPage = lazyPage(() => import('../features/feed/pages/feed-page.tsx'), 'FeedPage');
const GroupForumPage = lazyPage(
  () => import('../features/groups/pages/group-forum-page.tsx'),
  'GroupForumPage',
);
const GroupPaymentPage = lazyPage(
  () => import('../features/groups/pages/group-payment-page.tsx'),
  'GroupPaymentPage',
);
const GroupVideoPage = lazyPage(
  () => import('../features/groups/pages/group-video-page.tsx'),
  'GroupVideoPage',
);
const StudyGroupPage = lazyPage(
  () => import('../features/groups/pages/study-group-page.tsx'),
  'StudyGroupPage',
);
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
const ProfilePage = lazyPage(() => import('../features/users/pages/profile-page.tsx'), 'ProfilePage');
const UserPage = lazyPage(() => import('../features/users/pages/user-page.tsx'), 'UserPage');
const AdminReportsPage = lazyPage(
  () => import('../features/moderation/pages/admin-reports-page.tsx'),
  'AdminReportsPage',
);
const VideosPage = lazyPage(() => import('../features/videos/pages/videos-page.tsx'), 'VideosPage');
const QuestionBankPage = lazyPage(
  () => import('../features/study/pages/question-bank-page.tsx'),
  'QuestionBankPage',
);
const NotebookPage = lazyPage(() => import('../features/study/pages/notebook-page.tsx'), 'NotebookPage');
const ReviewPage = lazyPage(() => import('../features/study/pages/review-page.tsx'), 'ReviewPage');

/** A student's profile also shows the study detail (per-subject accuracy, reviews, calendar). */
const studyDetails = (profile: UserProfile) =>
  profile.userType === 'aluno' ? <StudyStatsSection userId={profile.id} /> : null;

/**
 * The page `/` will show, fetched at once while the session is asked: the feed in its frame for a
 * signed-in student, the landing page for anyone else. Settles when it is loaded (or failed to).
 * main.tsx waits for it before the first render at `/`: with its page at hand the app mounts in one
 * pass, instead of suspending on it, committing 'Carregando...' and mounting a second time.
 */
export const loadHomePage = (signedIn: boolean): Promise<unknown> =>
  (signedIn ? Promise.all([Shell.preload(), FeedPage.preload()]) : LandingPage.preload()).catch(
    () => undefined,
  );

/** `/` is the landing page when signed out and the feed, inside the shell, when signed in. */
function HomeRoute() {
  const { user } = useAuth();
  return user ? (
    <Shell>
      <FeedPage header={<StudyNav />} />
    </Shell>
  ) : (
    <LandingPage />
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
          <Route element={<Shell />}>
            <Route path={routes.user} element={<UserPage renderStudyDetails={studyDetails} />} />
            <Route path={routes.profile} element={<ProfilePage renderStudyDetails={studyDetails} />} />
            <Route path={routes.studyGroups} element={<StudyGroupsPage />} />
            <Route path={routes.studyGroup} element={<StudyGroupPage />} />
            <Route path={routes.groupVideo} element={<GroupVideoPage />} />
            <Route path={routes.groupForum} element={<GroupForumPage />} />
            <Route path={routes.groupPayment} element={<GroupPaymentPage />} />
            <Route path={routes.checkout} element={<GroupPaymentPage />} />
            <Route path={routes.videos} element={<VideosPage />} />
            <Route path={routes.notifications} element={<NotificationsPage />} />
            <Route path={routes.chat} element={<ChatPage />} />
            <Route path={routes.postComments} element={<PostCommentsPage />} />
            <Route path={routes.adminReports} element={<AdminReportsPage />} />
            <Route path={routes.questionBank} element={<QuestionBankPage />} />
            <Route path={routes.notebook} element={<NotebookPage />} />
            <Route path={routes.review} element={<ReviewPage />} />
            <Route path={routes.reviewShort} element={<Navigate to={routes.review} replace />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </>
  );
}
