import { CircleCheck, LoaderCircle, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import type { RobotCheckState, RobotCheckStatus } from '../robot-check/use-robot-check.ts';

const STATUS_TEXT: Record<RobotCheckStatus, string> = {
  idle: 'Marque para verificar.',
  verifying: 'Verificando...',
  verified: 'Verificado',
  error: 'Não foi possível verificar. Tente novamente.',
  expired: 'A verificação expirou. Marque novamente.',
};

/**
 * The 'Não sou um robô' check: a real checkbox that starts a proof of work done on this device
 * by our own code (ALTCHA), with no third-party script and no tracking.
 */
export function RobotCheckField({ check }: { check: RobotCheckState }) {
  const id = useId();
  const { status } = check;
  const isBusy = status === 'verifying';
  const isDone = status === 'verified';
  return (
    <div className="flex min-h-16 items-center gap-3 rounded-xl border border-slate-300 bg-white px-4 py-3 dark:border-slate-600 dark:bg-slate-900">
      <input
        id={id}
        type="checkbox"
        checked={isBusy || isDone}
        disabled={isBusy || isDone}
        aria-describedby={`${id}-status`}
        onChange={() => void check.start()}
        className="size-6 shrink-0 accent-indigo-600"
      />
      <div className="grid min-w-0 flex-1">
        <label htmlFor={id} className="font-medium">
          Não sou um robô
        </label>
        <span
          id={`${id}-status`}
          role="status"
          className={
            status === 'error' || status === 'expired'
              ? 'text-sm text-red-700 dark:text-red-400'
              : 'text-sm text-slate-600 dark:text-slate-300'
          }
        >
          {STATUS_TEXT[status]}
        </span>
      </div>
      {isBusy ? (
        <LoaderCircle className="size-6 animate-spin text-indigo-600" aria-hidden />
      ) : isDone ? (
        <CircleCheck className="size-6 text-green-600" aria-hidden />
      ) : (
        <ShieldCheck className="size-6 text-slate-400" aria-hidden />
      )}
    </div>
  );
}
