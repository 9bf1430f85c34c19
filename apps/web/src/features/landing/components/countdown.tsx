import { COUNTDOWN_UNITS, type CountdownDigits } from '@estudai/contract/constants';

const LABELS: Record<keyof CountdownDigits, string> = {
  days: 'Dias',
  hours: 'Horas',
  minutes: 'Minutos',
  seconds: 'Segundos',
};

/** Spec §2/§4: days, hours, minutes and seconds to the launch; zeros once it has passed. */
export function Countdown({ digits }: { digits: CountdownDigits }) {
  return (
    <div role="timer" aria-label="Contagem regressiva para o lançamento" className="grid grid-cols-4 gap-2">
      {COUNTDOWN_UNITS.map((unit) => (
        <div
          key={unit}
          data-unit={unit}
          className="flex flex-col items-center rounded-2xl bg-white/10 px-1 py-3 ring-1 ring-white/20"
        >
          <span className="text-3xl leading-tight font-bold tabular-nums sm:text-4xl">{digits[unit]}</span>
          <span className="text-xs font-medium tracking-wide text-indigo-100 uppercase">{LABELS[unit]}</span>
        </div>
      ))}
    </div>
  );
}
