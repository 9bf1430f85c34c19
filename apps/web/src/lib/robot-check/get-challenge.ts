import type { RobotCheckChallenge } from '@estudai/contract/constants';
import { api } from '../api.ts';

/** A fresh proof-of-work challenge from our own server (no third-party script). */
export const getRobotCheckChallenge = (signal?: AbortSignal) =>
  api.get<RobotCheckChallenge>('/altcha/challenge', { signal });
