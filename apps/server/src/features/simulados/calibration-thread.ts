import { startWorker } from '../../lib/worker-thread.ts';
import type { Calibration } from './calibration.ts';
import type { Answer } from './psychometrics.ts';

/**
 * calibrate() on a worker thread of its own, one batch at a time (calibration.worker.ts). Made for
 * one job run: `close()` when done.
 */
export class CalibrationThread {
  private readonly worker = startWorker(new URL('./calibration.worker.ts', import.meta.url));
  private next = 0;

  fit(responses: (Answer | null)[][]): Promise<Calibration> {
    const rows = responses.length;
    const columns = responses[0]?.length ?? 0;
    const cells = new Int8Array(rows * columns);
    responses.forEach((row, i) => {
      row.forEach((answer, j) => {
        cells[i * columns + j] = answer ?? -1;
      });
    });
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const onMessage = (message: { id: number; fit?: Calibration; error?: string }) => {
        if (message.id !== id) return;
        this.worker.off('message', onMessage);
        this.worker.off('error', reject);
        if (message.fit) resolve(message.fit);
        else reject(new Error(message.error ?? 'calibration failed'));
      };
      this.worker.on('message', onMessage);
      this.worker.once('error', reject);
      this.worker.postMessage({ id, rows, columns, cells }, [cells.buffer]);
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}
