import type { CurrentUser } from '@estudai/contract/constants';
import type { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, StrictMode } from 'react';
import { createMemoryRouter, MemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { createRoutes, firstRouteHydration } from '../app/router.tsx';
import { CURRENT_USER_KEY } from '../lib/current-user.ts';
import { createQueryClient } from '../lib/query-client.ts';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/**
 * The whole app at `path`, as main.tsx mounts it (StrictMode included), with a stored user if given
 * and the query client given (one main.tsx has already asked something of), or a new one.
 */
export function renderApp(
  path: string,
  options: {
    storedUser?: CurrentUser;
    advanceTimers?: (ms: number) => unknown;
    queryClient?: QueryClient;
  } = {},
) {
  if (options.storedUser) localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(options.storedUser));
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const queryClient = options.queryClient ?? createQueryClient();
  // The pages are loaded before the tests (setup.ts): the routes have them at hand, and the first
  // route renders at once, as main.tsx's first render does.
  const routes = [
    {
      element: (
        <>
          <Outlet />
          <LocationProbe />
        </>
      ),
      children: createRoutes(queryClient),
    },
  ];
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    hydrationData: firstRouteHydration(routes, path),
  });
  const view = render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        {/* Without transitions a navigation shows as soon as the router has it, as in a test it did
            with the MemoryRouter: the steps after a click find the page it opened. */}
        <RouterProvider router={router} useTransitions={false} />
      </Providers>
    </StrictMode>,
  );
  return { user, ...view };
}

/**
 * One screen, or a part of one, inside the app's providers (query client, session, toasts) and a
 * router at `path`: for a feature's test that needs no route of the app around it.
 */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Providers queryClient={createQueryClient()}>{ui}</Providers>
    </MemoryRouter>,
  );
  return { user, ...view };
}

export const currentPath = () => screen.getByTestId('location').textContent;
