// The recalibration's thread: calibrate() runs here, so a long fit never holds the server's event
// loop (a 2-second pause would make @fastify/under-pressure answer 503). Plain JavaScript that
// registers tsx first, since the worker starts without the parent's TypeScript loader.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { calibrate } = await import('./calibration.ts');

// A batch arrives as a flat Int8Array, row by row: 1 right, 0 wrong, -1 not answered.
parentPort?.on('message', ({ id, rows, columns, cells }) => {
  try {
    const matrix = Array.from({ length: rows }, (_, i) =>
      Array.from({ length: columns }, (_, j) => {
        const cell = cells[i * columns + j];
        return cell < 0 ? null : cell;
      }),
    );
    parentPort?.postMessage({ id, fit: calibrate(matrix) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
