import { useCallback, useContext, useRef } from 'react';
import {
  type SetURLSearchParams,
  UNSAFE_DataRouterStateContext,
  useLocation,
  useSearchParams,
} from 'react-router';

/**
 * `useSearchParams` for a page that writes what it shows into its own address (a search box once
 * typing pauses): the setter does nothing while the router is on its way to another page. With the
 * data router a press on a result waits for that page's code, and an address update made meanwhile
 * is a navigation that replaces it: the press would be lost (decision 036). The router's state is
 * read from its context, as `useNavigation` does, which would throw outside a data router.
 */
export function usePageSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const navigation = useContext(UNSAFE_DataRouterStateContext)?.navigation;
  const { pathname } = useLocation();
  const leaving = useRef(false);
  leaving.current = navigation?.location !== undefined && navigation.location.pathname !== pathname;
  const setHere = useCallback<SetURLSearchParams>(
    (next, options) => {
      if (!leaving.current) setParams(next, options);
    },
    [setParams],
  );
  return [params, setHere];
}
