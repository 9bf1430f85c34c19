import { type TimeLeft, timeLeft } from '../countdown.ts';

const UNITS: { key: keyof TimeLeft; label: string }[] = [
  { key: 'days', label: 'Dias' },
  { key: 'hours', label: 'Horas' },
  { key: 'minutes', label: 'Minutos' },
  { key: 'seconds', label: 'Segundos' },
];

/** Spec §2/§4: days, hours, minutes and seconds to the launch; zeros once it has passed. */
export function Countdown({ launchAt, now }: { launchAt: Date; now: number }) {
  const left = timeLeft(launchAt, now);
  return (
    <div role="timer" aria-label="Contagem regressiva para o lançamento" className="grid grid-cols-4 gap-2">
      {UNITS.map(({ key, label }) => (
        <div
          key={key}
          data-unit={key}
          className="flex flex-col items-center rounded-2xl bg-white/10 px-1 py-3 ring-1 ring-white/20"
        >
          <span className="text-3xl leading-tight font-bold tabular-nums sm:text-4xl">
            {String(left[key]).padStart(2, '0')}
          </span>
          <span className="text-xs font-medium tracking-wide text-indigo-100 uppercase">{label}</span>
        </div>
      ))}
    </div>
  );
}
