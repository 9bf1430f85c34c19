import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { routes } from './app/paths.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes, homePageLoaded } from './app/router.tsx';
import { getFeedQueryOptions } from './features/posts/api/get-feed.ts';
import { readStoredUser } from './lib/current-user.ts';
import { createQueryClient } from './lib/query-client.ts';
import { initTheme } from './lib/theme.ts';
import './index.css';

initTheme();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();
// A returning student opening `/` sees the feed: its first page is asked for now, beside the page's
// code, not once the feed has rendered. (A stale stored user only costs a 401 the feed asks again.)
if (location.pathname === routes.home && readStoredUser()?.emailVerified) {
  void queryClient.prefetchInfiniteQuery(getFeedQueryOptions());
}

// As a transition the first render yields to the browser every few milliseconds instead of holding
// a slow phone's main thread for its whole length; the loading screen in index.html shows meanwhile.
// At `/` it waits for the home page's code, already on its way (index.signed-in.html preloads it).
const homeFirst = location.pathname === routes.home ? homePageLoaded : Promise.resolve();
void homeFirst.then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <BrowserRouter>
          <Providers queryClient={queryClient}>
            <AppRoutes />
          </Providers>
        </BrowserRouter>
      </StrictMode>,
    ),
  ),
);
