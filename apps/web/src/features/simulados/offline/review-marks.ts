import { useState } from 'react';

// 'Marcar para revisar' is the taker's own note: it stays on the device (a reload keeps it), the
// server never needs it.

const marksKey = (userId: string, simuladoId: string) => `estudai:simulado-marks:${userId}:${simuladoId}`;

function readMarks(userId: string, simuladoId: string): number[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(marksKey(userId, simuladoId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter(Number.isInteger) : [];
  } catch {
    return [];
  }
}

export function useReviewMarks(userId: string, simuladoId: string) {
  const [marks, setMarks] = useState(() => new Set(readMarks(userId, simuladoId)));
  const toggle = (index: number) => {
    const next = new Set(marks);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    setMarks(next);
    try {
      localStorage.setItem(marksKey(userId, simuladoId), JSON.stringify([...next]));
    } catch {
      // Storage refused: the marks last as long as the screen.
    }
  };
  return { marks, toggle };
}
