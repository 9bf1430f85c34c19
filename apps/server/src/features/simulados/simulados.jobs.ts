import type { AppContext } from '../../context.ts';
import { finishExpiredAttempts } from './attempts.service.ts';
import { recalibrationJobFor, runRecalibration } from './recalibration.service.ts';
import { announceClosedSimulados } from './simulados.service.ts';

/**
 * The simulados' periodic work as durable jobs (plugins/jobs.ts), one per time slot across every
 * process: closing attempts whose time ran out, announcing the simulados whose window closed, and the hourly recalibration (its hour also claimed
 * once in the database).
 */
export function registerSimuladoJobs(ctx: AppContext): void {
  ctx.jobs.every('simulados.finish-expired', ctx.config.simuladoSweepIntervalMs, async () => {
    await finishExpiredAttempts(ctx);
    await announceClosedSimulados(ctx);
  });
  ctx.jobs.every('simulados.recalibrate', ctx.config.recalibrationIntervalMs, () => {
    const job = recalibrationJobFor(ctx.clock());
    return runRecalibration(ctx, job.payload);
  });
}
