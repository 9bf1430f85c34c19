// Solves the robot-check challenge off the main thread, so the page stays responsive meanwhile.
import type { RobotCheckChallenge } from '@estudai/contract/constants';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

self.onmessage = async (event: MessageEvent<RobotCheckChallenge>) => {
  try {
    const solution = await solveChallenge({ challenge: event.data as Challenge, deriveKey });
    self.postMessage({ solution });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
