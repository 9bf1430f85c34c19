import { useState } from 'react';

// Where the taker is in the attempt (issue 36): kept on the device, as the review marks are, so a
// reload or coming back to the attempt opens the question they were on.

const currentKey = (userId: string, simuladoId: string) => `estudai:simulado-current:${userId}:${simuladoId}`;

function readCurrent(userId: string, simuladoId: string, total: number): number {
  try {
    const stored = Number(localStorage.getItem(currentKey(userId, simuladoId)));
    return Number.isInteger(stored) && stored >= 0 && stored < total ? stored : 0;
  } catch {
    return 0;
  }
}

export function useCurrentQuestion(userId: string, simuladoId: string, total: number) {
  const [current, setCurrent] = useState(() => readCurrent(userId, simuladoId, total));
  const go = (index: number) => {
    if (index < 0 || index >= total) return;
    setCurrent(index);
    try {
      localStorage.setItem(currentKey(userId, simuladoId), String(index));
    } catch {
      // Storage refused: a reload starts at the first question.
    }
  };
  return [Math.min(current, Math.max(0, total - 1)), go] as const;
}
