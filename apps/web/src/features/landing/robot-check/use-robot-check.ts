import { useCallback, useEffect, useRef, useState } from 'react';
import { getRobotCheckChallenge } from '../../../lib/robot-check/get-challenge.ts';
import { solveRobotCheck } from '../../../lib/robot-check/solve-challenge.ts';

export type RobotCheckStatus = 'idle' | 'verifying' | 'verified' | 'error' | 'expired';

/** Asks again this long before the server would refuse the answer as expired. */
const EXPIRY_MARGIN_MS = 15_000;
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** The 'Não sou um robô' check: fetch a challenge, solve it in a worker, keep the answer until it expires. */
export function useRobotCheck() {
  const [status, setStatus] = useState<RobotCheckStatus>('idle');
  const [response, setResponse] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const expiryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    clearTimeout(expiryTimer.current);
  }, []);

  const reset = useCallback(() => {
    stop();
    setResponse(null);
    setStatus('idle');
  }, [stop]);

  const start = useCallback(async () => {
    stop();
    const current = new AbortController();
    controller.current = current;
    setStatus('verifying');
    setResponse(null);
    try {
      const challenge = await getRobotCheckChallenge(current.signal);
      const answer = await solveRobotCheck(challenge, current.signal);
      if (current.signal.aborted) return;
      setResponse(answer);
      setStatus('verified');
      const expiresAt = (challenge.parameters.expiresAt ?? 0) * 1000;
      expiryTimer.current = setTimeout(
        () => {
          setResponse(null);
          setStatus('expired');
        },
        Math.min(MAX_TIMEOUT_MS, Math.max(0, expiresAt - Date.now() - EXPIRY_MARGIN_MS)),
      );
    } catch {
      if (current.signal.aborted) return;
      setStatus('error');
    }
  }, [stop]);

  useEffect(() => stop, [stop]);

  return { status, response, start, reset };
}

export type RobotCheckState = ReturnType<typeof useRobotCheck>;
