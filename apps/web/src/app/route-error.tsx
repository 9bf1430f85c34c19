import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorFallback } from '../components/error-boundary.tsx';
import { HeaderActions } from '../components/header-actions.tsx';
import { TITLE_BAR_CLASSES } from '../components/title-bar.ts';
import { useIsOnline } from '../lib/pwa.ts';

/**
 * Every route's error element: a page that throws while rendering (or a route's data that fails)
 * is replaced by the pt-BR message and 'Tentar novamente' in the page's own place, while the
 * frames around it (the shell and its tab bar) stay (issue 23). The router keeps the failure until
 * the location changes, so 'Tentar novamente' opens the same address again: the page renders anew,
 * and a page whose chunk had failed to arrive asks for it again.
 *
 * It keeps a title bar with the shell's controls, the 'Offline' badge among them (issue 36): a
 * screen that could not open offline says 'Sem conexão', and opens by itself when the connection
 * returns. (The feed's first route carries this: every byte counts, scripts/first-route-size.ts.)
 */
export function RouteError() {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const isOnline = useIsOnline();
  const retry = () => void navigate({ pathname, search, hash }, { replace: true, state });
  const wasOnline = useRef(isOnline);
  useEffect(() => {
    if (isOnline && !wasOnline.current) retry();
    wasOnline.current = isOnline;
  });
  return (
    <>
      <header className={TITLE_BAR_CLASSES}>
        {!isOnline && <h1 className="text-lg font-semibold">Sem conexão</h1>}
        <HeaderActions />
      </header>
      <ErrorFallback variant="page" onRetry={retry} />
    </>
  );
}
