// The recalibration's thread: calibrate() runs here, so a long fit never holds the server's event
// loop (a 2-second pause would make @fastify/under-pressure answer 503). Started by
// calibration-thread.ts through lib/worker-thread.ts (from source or from the compiled bundle).
import { parentPort } from 'node:worker_threads';
import { calibrate } from './calibration.ts';
import type { Answer } from './psychometrics.ts';

// A batch arrives as a flat Int8Array, row by row: 1 right, 0 wrong, -1 not answered.
parentPort?.on(
  'message',
  ({ id, rows, columns, cells }: { id: number; rows: number; columns: number; cells: Int8Array }) => {
    try {
      const matrix = Array.from({ length: rows }, (_, i) =>
        Array.from({ length: columns }, (_, j) => {
          const cell = cells[i * columns + j] ?? -1;
          return cell < 0 ? null : (cell as Answer);
        }),
      );
      parentPort?.postMessage({ id, fit: calibrate(matrix) });
    } catch (error) {
      parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  },
);
