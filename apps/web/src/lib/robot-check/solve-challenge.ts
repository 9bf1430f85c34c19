import type { RobotCheckChallenge, RobotCheckSolution } from '@estudai/contract/constants';
import { getRobotCheckChallenge } from './get-challenge.ts';

type WorkerReply = { solution?: RobotCheckSolution | null; error?: string };

function solveInWorker(challenge: RobotCheckChallenge, signal: AbortSignal): Promise<RobotCheckSolution> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./robot-check.worker.ts', import.meta.url), { type: 'module' });
    const finish = () => {
      worker.terminate();
      signal.removeEventListener('abort', abort);
    };
    const abort = () => {
      finish();
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      finish();
      const { solution, error } = event.data;
      if (solution) resolve(solution);
      else reject(new Error(error ?? 'challenge not solved'));
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'robot-check worker failed'));
    };
    worker.postMessage(challenge);
  });
}

/**
 * Does the proof of work of a challenge and returns what the form sends as `recaptchaResponse`:
 * base64 JSON of the challenge and its solution (the ALTCHA payload).
 */
export async function solveRobotCheck(challenge: RobotCheckChallenge, signal: AbortSignal): Promise<string> {
  const solution = await solveInWorker(challenge, signal);
  return btoa(JSON.stringify({ challenge, solution }));
}

/** Fetches a challenge from our server and solves it: one call for a form that needs the check once. */
export async function passRobotCheck(signal: AbortSignal): Promise<string> {
  return solveRobotCheck(await getRobotCheckChallenge(signal), signal);
}
