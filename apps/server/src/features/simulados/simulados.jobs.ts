import type { AppContext } from '../../context.ts';
import { finishExpiredAttempts } from './attempts.service.ts';
import { recalibrationJobFor, runRecalibration } from './recalibration.service.ts';

/**
 * The simulados' periodic work, in-process until the durable queue comes: closing attempts whose
 * time ran out (each claimed by one process), and the hourly recalibration (its slot claimed once).
 * Answers how to stop them.
 */
export function startSimuladoJobs(ctx: AppContext): () => void {
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, name: string, job: () => Promise<unknown>) => {
    if (ms <= 0) return;
    const timer = setInterval(() => ctx.tasks.run(name, job), ms);
    timer.unref();
    timers.push(timer);
  };
  every(ctx.config.simuladoSweepIntervalMs, 'simulados.finish-expired', () => finishExpiredAttempts(ctx));
  every(ctx.config.recalibrationIntervalMs, 'simulados.recalibrate', () => {
    const job = recalibrationJobFor(ctx.clock());
    return runRecalibration(ctx, job.payload);
  });
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
