import { REMINDER_DEFAULT_HOUR, REMINDER_FIRST_HOUR, REMINDER_LAST_HOUR } from '@estudai/contract/constants';
import { BellRing } from 'lucide-react';
import { useId } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useReminder, useSetReminder } from '../api/review-reminder.ts';

const HOURS = Array.from(
  { length: REMINDER_LAST_HOUR - REMINDER_FIRST_HOUR + 1 },
  (_, index) => REMINDER_FIRST_HOUR + index,
);

/** Whether this device may show notifications at all (the reminder is a Web Push). */
const notificationsAllowed = () =>
  typeof Notification !== 'undefined' && Notification.permission === 'granted';

/** 'Lembrete diário': an opt-in push at a Brasília hour from 7h to 21h. */
export function ReminderSettings() {
  const switchId = useId();
  const hourId = useId();
  const reminder = useReminder();
  const save = useSetReminder();
  const settings = save.isPending && save.variables ? save.variables : reminder.data;
  if (!settings) return null;
  const { enabled, hour } = settings;
  const update = (next: Partial<typeof settings>) => save.mutate({ enabled, hour, ...next });

  return (
    <Card padding="sm" className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={switchId} className="flex min-w-0 items-center gap-2 font-semibold">
          <BellRing className="size-5 shrink-0 text-indigo-500" aria-hidden />
          Lembrete diário
        </label>
        <button
          id={switchId}
          type="button"
          role="switch"
          aria-checked={enabled}
          disabled={save.isPending}
          onClick={() => update({ enabled: !enabled, hour: hour || REMINDER_DEFAULT_HOUR })}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
            enabled ? 'bg-indigo-600' : 'bg-slate-300 dark:bg-slate-600',
          )}
        >
          <span
            aria-hidden
            className={cn(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              enabled ? 'translate-x-6' : 'translate-x-1',
            )}
          />
        </button>
      </div>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={hourId} className="text-sm whitespace-nowrap text-slate-600 dark:text-slate-300">
          Horário (Brasília)
        </label>
        <select
          id={hourId}
          className={cn(inputClasses, 'max-w-32')}
          value={hour}
          disabled={!enabled || save.isPending}
          onChange={(event) => update({ hour: Number(event.target.value) })}
        >
          {HOURS.map((value) => (
            <option key={value} value={value}>
              {value}h
            </option>
          ))}
        </select>
      </div>
      {enabled && !notificationsAllowed() && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Para receber o lembrete neste aparelho, ligue “Notificações no celular” na tela de Notificações.
        </p>
      )}
    </Card>
  );
}
