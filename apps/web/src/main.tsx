import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createRoutes, firstRouteHydration, loadFirstRoute, loadHomePage } from './app/router.tsx';
import {
  DEMO_ATTRIBUTE,
  getLaunchQueryOptions,
  LAUNCH_AT_ATTRIBUTE,
} from './features/landing/api/get-launch.ts';
import { getFeedQueryOptions } from './features/posts/api/get-feed.ts';
import { getCurrentUserQueryOptions, readStoredUser } from './lib/current-user.ts';
import { routes } from './lib/paths.ts';
import { createQueryClient } from './lib/query-client.ts';
import { initTheme } from './lib/theme.ts';
import './index.css';

initTheme();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();
const atHome = location.pathname === routes.home;
// The server sends `/` with the landing page's first screen already painted only to a request
// without a session cookie (apps/server/src/plugins/landing-page.ts): nobody is signed in, which
// the app need not ask, and the launch date is the server's. The first render then shows the same
// screen at once, instead of 'Carregando...' until the session's answer.
const prerenderedLaunchAt = root.getAttribute(LAUNCH_AT_ATTRIBUTE);
if (prerenderedLaunchAt) {
  queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, null);
  queryClient.setQueryData(getLaunchQueryOptions().queryKey, {
    launchAt: prerenderedLaunchAt,
    // 'false': the server has no demo account ('Criar conta grátis'); else 'Testar Demo' opens it.
    ...(root.getAttribute(DEMO_ATTRIBUTE) === 'false' ? { demo: null } : {}),
  });
}
const storedUser = prerenderedLaunchAt ? null : readStoredUser();
// A returning student opening `/` sees the feed: its first page is asked for now, beside the page's
// code, not once the feed has rendered. (A stale stored user only costs a 401 the feed asks again.)
if (atHome && storedUser?.emailVerified) {
  void queryClient.prefetchInfiniteQuery(getFeedQueryOptions());
}

// As a transition the first render yields to the browser every few milliseconds instead of holding
// a slow phone's main thread for its whole length; the page in index.html shows meanwhile.
// It waits for the first route's page, so the app mounts once, with its page (decision 009): at `/`
// the home page's code, already on its way (index.signed-in.html preloads it); elsewhere the
// route's chunk. The router starts with the first route as loaded: one render (decision 036).
const appRoutes = createRoutes(queryClient);
const firstRoute = atHome ? loadHomePage(storedUser !== null) : loadFirstRoute(appRoutes, location.pathname);
void firstRoute.then(() => {
  const router = createBrowserRouter(appRoutes, {
    hydrationData: firstRouteHydration(appRoutes, location.pathname),
  });
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
});
