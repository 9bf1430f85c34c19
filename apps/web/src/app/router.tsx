import type { QueryClient } from '@tanstack/react-query';
import {
  type LoaderFunction,
  matchRoutes,
  Navigate,
  Outlet,
  type RouteObject,
  type RouterInit,
  useParams,
} from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { useAuth } from '../lib/auth.tsx';
import { paths, routes } from '../lib/paths.ts';
import { lazyPage, routePage } from './lazy-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';
import { RouteGate } from './route-gate.tsx';
import { createRouteLoaders } from './route-loaders.ts';
import { ScrollToTop } from './scroll-to-top.tsx';

// React Router's data router (decision 036). Each page is its own chunk, loaded by its route's
// `lazy`: the first route downloads only what it shows. The signed-in frame too (tab bar, chat
// listener, study timer): the landing page does without it.
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
const RoomsPage = lazyPage(() => import('../features/rooms/pages/index.ts'), 'RoomsPage');
const RoomPage = lazyPage(() => import('../features/rooms/pages/index.ts'), 'RoomPage');
const ProfileRoute = lazyPage(() => import('./routes/profile-route.tsx'), 'ProfileRoute');
const UserRoute = lazyPage(() => import('./routes/profile-route.tsx'), 'UserRoute');
const GuardianPage = lazyPage(() => import('../features/guardians/pages/guardian-page.tsx'), 'GuardianPage');
// Settings' and moderators' pages: one chunk each behind one route (routes/settings-routes.tsx).
const SettingsRoutes = lazyPage(() => import('./routes/settings-routes.tsx'), 'SettingsRoutes');
const AdminRoutes = lazyPage(() => import('./routes/settings-routes.tsx'), 'AdminRoutes');
const ContestPage = lazyPage(() => import('../features/reports/pages/contest-page.tsx'), 'ContestPage');
const MyDataPage = lazyPage(() => import('../features/privacy/pages/my-data-page.tsx'), 'MyDataPage');
const PrivacyPage = lazyPage(() => import('../features/privacy/pages/privacy-page.tsx'), 'PrivacyPage');
const VideosPage = lazyPage(() => import('../features/videos/pages/videos-page.tsx'), 'VideosPage');
const QuestionBankPage = lazyPage(
  () => import('../features/study/pages/question-bank-page.tsx'),
  'QuestionBankPage',
);
const PracticePage = lazyPage(() => import('../features/practice/pages/practice-page.tsx'), 'PracticePage');
const CardsPage = lazyPage(() => import('../features/decks/pages/cards-page.tsx'), 'CardsPage');
const NotebookPage = lazyPage(() => import('../features/study/pages/notebook-page.tsx'), 'NotebookPage');
const EssaysPage = lazyPage(() => import('../features/essays/pages/index.ts'), 'EssaysPage');
const EssayPage = lazyPage(() => import('../features/essays/pages/index.ts'), 'EssayPage');
const EssayWritePage = lazyPage(() => import('../features/essays/pages/index.ts'), 'EssayWritePage');
const EssayReviewPage = lazyPage(() => import('../features/essays/pages/index.ts'), 'EssayReviewPage');
const SimuladoPage = lazyPage(() => import('../features/simulados/pages/simulado-page.tsx'), 'SimuladoPage');
const ImportQuestionsPage = lazyPage(
  () => import('../features/imports/pages/import-questions-page.tsx'),
  'ImportQuestionsPage',
);
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

/**
 * A shared post (/post/{id}): its comments page for a student, read-only with a call to sign up for
 * a visitor (its chunk only for a visitor).
 */
function PostRoute() {
  const { user } = useAuth();
  const { postId = '' } = useParams();
  return user ? <Navigate to={paths.postComments(postId)} replace /> : <PublicPostPage />;
}

/**
 * /responsavel and /convite/{code}: the page in the shell when signed in; alone when not (the
 * guardian who opened the mail, the invited student asked to sign in first).
 */
function FramedWhenSignedIn() {
  const { user } = useAuth();
  return user ? (
    <Shell>
      <Outlet />
    </Shell>
  ) : (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <main className="mx-auto w-full max-w-2xl">
        <Outlet />
      </main>
    </div>
  );
}

/** The app's frame around every route: a page reached by a link opens at its top. */
function Root() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

/** The loader's identifier, known before the router gives the routes theirs (`firstRouteHydration`). */
const loaderRoute = (id: string, loader: LoaderFunction) => ({ id, loader });

/**
 * The app's routes, their pages loaded by the router (`lazy`) and their first requests by their
 * loaders (route-loaders.ts) into `queryClient`, the one the pages read. Every route has the pt-BR
 * error element: a page that fails shows it in its own place.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const loaders = createRouteLoaders(queryClient, loadHomePage);
  const route = (path: string, page: RouteObject): RouteObject => ({ path, ...page });
  const withErrorElement = (list: RouteObject[]): RouteObject[] =>
    list.map((item) => ({
      ...item,
      errorElement: <RouteError />,
      ...(item.children ? { children: withErrorElement(item.children) } : {}),
    })) as RouteObject[];
  return withErrorElement([
    {
      element: <Root />,
      HydrateFallback: LoadingScreen,
      children: [
        {
          element: <RouteGate />,
          children: [
            { path: routes.home, element: <HomeRoute />, ...loaderRoute('home', loaders.home) },
            route(routes.auth, routePage(AuthPage)),
            route(routes.authMgmt, routePage(AccountManagementPage)),
            route(routes.verifyEmail, routePage(VerifyEmailPage)),
            route(routes.privacy, routePage(PrivacyPage)),
            {
              element: <FramedWhenSignedIn />,
              children: [
                route(routes.guardian, routePage(GuardianPage)),
                route(routes.groupInvite, routePage(GroupInvitePage)),
              ],
            },
            { path: routes.post, element: <PostRoute /> },
            {
              ...routePage(Shell),
              children: [
                route(routes.user, { ...routePage(UserRoute), ...loaderRoute('user', loaders.profile) }),
                route(routes.profile, {
                  ...routePage(ProfileRoute),
                  ...loaderRoute('profile', loaders.profile),
                }),
                route(routes.studyGroups, routePage(StudyGroupsPage)),
                route(routes.studyGroup, {
                  ...routePage(StudyGroupRoute),
                  ...loaderRoute('study-group', loaders.studyGroup),
                }),
                route(routes.groupVideo, routePage(GroupVideoPage)),
                route(routes.groupForum, routePage(GroupForumPage)),
                route(routes.groupPayment, routePage(GroupPaymentPage)),
                route(routes.groupMembers, routePage(GroupMembersPage)),
                route(routes.groupEarnings, routePage(GroupEarningsPage)),
                route(routes.checkout, routePage(GroupPaymentPage)),
                route(routes.videos, routePage(VideosPage)),
                route(routes.notifications, routePage(NotificationsPage)),
                route(routes.rooms, routePage(RoomsPage)),
                route(routes.room, routePage(RoomPage)),
                route(routes.myData, routePage(MyDataPage)),
                route(routes.contestReport, routePage(ContestPage)),
                route(routes.chat, routePage(ChatPage)),
                route(routes.postComments, {
                  ...routePage(PostCommentsPage),
                  ...loaderRoute('post-comments', loaders.postComments),
                }),
                route(routes.settings, routePage(SettingsRoutes)),
                route(routes.admin, routePage(AdminRoutes)),
                route(routes.search, routePage(SearchRoute)),
                route(routes.tag, routePage(TagRoute)),
                route(routes.questionBank, routePage(QuestionBankPage)),
                route(routes.notebook, routePage(NotebookPage)),
                route(routes.review, routePage(ReviewPage)),
                route(routes.cards, routePage(CardsPage)),
                route(routes.practice, routePage(PracticePage)),
                { path: routes.reviewShort, element: <Navigate to={routes.review} replace /> },
                route(routes.newSimulado, routePage(NewSimuladoPage)),
                route(routes.groupImport, routePage(ImportQuestionsPage)),
                route(routes.importQuestions, routePage(ImportQuestionsPage)),
                route(routes.simulado, routePage(SimuladoPage)),
                route(routes.editSimulado, routePage(EditSimuladoPage)),
                route(routes.simuladoAttempt, routePage(SimuladoAttemptPage)),
                route(routes.simuladoResult, routePage(SimuladoResultPage)),
                route(routes.essays, routePage(EssaysPage)),
                route(routes.reviewEssays, routePage(EssayReviewPage)),
                route(routes.essay, routePage(EssayPage)),
                route(routes.writeEssay, routePage(EssayWritePage)),
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ]);
}

/**
 * Loads the chunks of the pages `pathname` shows into `list`, the routes the router is then made
 * with: main.tsx waits for it before the first render, which then mounts the page once (decision
 * 009), not the router's fallback first. A chunk that fails leaves the route its lazy page.
 */
export async function loadFirstRoute(list: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(list, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        // As the router would, once: the route then has its component and no `lazy` left.
        Object.assign(route, await route.lazy(), { lazy: undefined });
      } catch {
        // Left to the router, whose error element shows.
      }
    }),
  );
}

/**
 * The first route's loaders as already answered: the router starts initialized and renders the page
 * at once, instead of its fallback and then, once the loaders are done, the whole app a second time.
 * They have nothing to give the first route: its page is rendered at once and asks for its own data.
 */
export function firstRouteHydration(list: RouteObject[], pathname: string): RouterInit['hydrationData'] {
  const matches = matchRoutes(list, pathname) ?? [];
  const loaderData = Object.fromEntries(
    matches.flatMap(({ route }) => (route.loader && route.id ? [[route.id, null]] : [])),
  );
  return { loaderData };
}
