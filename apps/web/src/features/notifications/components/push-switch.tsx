import { NOTIFICATION_MESSAGES } from '@estudai/contract/constants';
import { Smartphone } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';
import { type PushState, usePushSwitch } from '../push/use-push-switch.ts';

const DESCRIPTIONS: Record<PushState, string> = {
  checking: 'Receba avisos mesmo com o Estudaí fechado.',
  off: 'Receba avisos mesmo com o Estudaí fechado.',
  on: 'Ativadas neste aparelho.',
  unsupported: NOTIFICATION_MESSAGES.pushUnsupported,
  denied: NOTIFICATION_MESSAGES.pushDenied,
};

/** 'Notificações no celular': Web Push for this device, on or off. */
export function PushSwitch() {
  const { state, isBusy, toggle } = usePushSwitch();
  const labelId = useId();
  const descriptionId = useId();
  const isOn = state === 'on';
  const isDisabled = isBusy || (state !== 'on' && state !== 'off');
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
      <Smartphone className="size-5 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
      <div className="grid min-w-0 flex-1">
        <span id={labelId} className="text-sm font-medium">
          {NOTIFICATION_MESSAGES.pushSwitch}
        </span>
        <span id={descriptionId} className="text-xs text-slate-500 dark:text-slate-400">
          {DESCRIPTIONS[state]}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={isOn}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        aria-busy={isBusy}
        disabled={isDisabled}
        onClick={() => void toggle()}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
          'disabled:cursor-not-allowed disabled:opacity-50',
          isOn ? 'bg-indigo-600' : 'bg-slate-300 dark:bg-slate-600',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            isOn ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
    </div>
  );
}
