import { hasLaunched } from '@estudai/contract/constants';
import { useEffect, useState } from 'react';

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Whether the launch has passed; turns true at the launch's moment while the page is open. */
export function useHasLaunched(launchAt: Date): boolean {
  const at = launchAt.getTime();
  const [launched, setLaunched] = useState(() => hasLaunched(launchAt, Date.now()));
  useEffect(() => {
    const now = Date.now();
    setLaunched(hasLaunched(at, now));
    if (hasLaunched(at, now)) return;
    // One timer to the moment (re-armed if it is further off than a timer can wait).
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      timer = setTimeout(
        () => (hasLaunched(at, Date.now()) ? setLaunched(true) : arm()),
        Math.min(MAX_TIMEOUT_MS, Math.max(0, at - Date.now())),
      );
    };
    arm();
    return () => clearTimeout(timer);
  }, [at]);
  return launched;
}
