import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorFallback } from '../components/error-boundary.tsx';
import { HeaderActions, useShellActions } from '../components/header-actions.tsx';
import { OfflineIndicator } from '../components/offline-indicator.tsx';
import { TITLE_BAR_CLASSES } from '../components/page.tsx';
import { useIsOnline } from '../lib/pwa.ts';

export const OFFLINE_MESSAGE = 'Esta tela precisa da internet. Ela abre assim que a conexão voltar.';

/**
 * Every route's error element: a page that throws while rendering (or a route's data that fails)
 * is replaced by the pt-BR message and 'Tentar novamente' in the page's own place, while the
 * frames around it (the shell and its tab bar) stay (issue 23). The router keeps the failure until
 * the location changes, so 'Tentar novamente' opens the same address again: the page renders anew,
 * and a page whose chunk had failed to arrive asks for it again.
 *
 * It keeps a title bar with the shell's controls, the 'Offline' badge among them (issue 36): a
 * screen that could not open offline still says why, and it opens by itself when the connection
 * returns.
 */
export function RouteError() {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const isOnline = useIsOnline();
  // Outside the shell (its own chunk failed) the badge has no shell to come from.
  const inShell = useShellActions() !== null;
  const retry = () => void navigate({ pathname, search, hash }, { replace: true, state });
  const wasOnline = useRef(isOnline);
  useEffect(() => {
    if (isOnline && !wasOnline.current) retry();
    wasOnline.current = isOnline;
  });
  return (
    <>
      <header className={TITLE_BAR_CLASSES}>
        <h1 className="min-w-0 truncate text-lg font-semibold">{isOnline ? 'Estudaí' : 'Sem conexão'}</h1>
        <HeaderActions>{!inShell && <OfflineIndicator />}</HeaderActions>
      </header>
      <ErrorFallback variant="page" message={isOnline ? undefined : OFFLINE_MESSAGE} onRetry={retry} />
    </>
  );
}
