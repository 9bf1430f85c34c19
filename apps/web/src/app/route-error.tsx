import { useLocation, useNavigate } from 'react-router';
import { ErrorFallback } from '../components/error-boundary.tsx';

/**
 * Every route's error element: a page that throws while rendering (or a route's data that fails)
 * is replaced by the pt-BR message and 'Tentar novamente' in the page's own place, while the
 * frames around it (the shell and its tab bar) stay (issue 23). The router keeps the failure until
 * the location changes, so 'Tentar novamente' opens the same address again: the page renders anew,
 * and a page whose chunk had failed to arrive asks for it again.
 */
export function RouteError() {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  return (
    <ErrorFallback
      variant="page"
      onRetry={() => void navigate({ pathname, search, hash }, { replace: true, state })}
    />
  );
}
