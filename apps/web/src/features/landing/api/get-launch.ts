import { LAUNCH_AT_DEFAULT, type LaunchInfo } from '@estudai/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const getLaunch = (signal?: AbortSignal) => api.get<LaunchInfo>('/launch', { signal });

export const getLaunchQueryOptions = () =>
  queryOptions({ queryKey: ['launch'], queryFn: ({ signal }) => getLaunch(signal) });

/** The launch date the server is configured with; the spec's date until it answers (or if it cannot). */
export function useLaunchAt(): Date {
  const { data } = useQuery(getLaunchQueryOptions());
  return new Date(data?.launchAt ?? LAUNCH_AT_DEFAULT);
}

/** The attribute of #root that carries the launch date when the landing page came pre-rendered. */
export const LAUNCH_AT_ATTRIBUTE = 'data-launch-at';

/** The attribute of #root that says whether the server has the demo account ('true' or 'false'). */
export const DEMO_ATTRIBUTE = 'data-demo';

/**
 * Whether the server offers the demo account for 'Testar Demo' (issue 36): false when it said there
 * is none ('Criar conta grátis' instead); otherwise 'Testar Demo' opens it (/auth?demo=1 signs in,
 * or shows the login form if the account is not there after all).
 */
export function useDemoAvailable(): boolean {
  const { data } = useQuery(getLaunchQueryOptions());
  return data?.demo !== null;
}
