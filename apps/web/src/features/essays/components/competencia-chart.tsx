import { COMPETENCIA_LABELS, ESSAY_COMPETENCIAS, type EssaySummary } from '@estudai/contract/constants';

const COLORS = ['#6366f1', '#10b981', '#f59e0b', '#ef4444', '#0ea5e9'];

/** Each competência of the corrected essays over time (oldest on the left), 0–200. */
export function CompetenciaChart({ essays }: { essays: EssaySummary[] }) {
  const done = essays
    .filter((essay) => essay.finalScore)
    .sort((a, b) => (a.correctedAt ?? '').localeCompare(b.correctedAt ?? ''));
  if (done.length === 0) return null;
  const width = 320;
  const height = 140;
  const pad = 16;
  const x = (index: number) =>
    done.length === 1 ? width / 2 : pad + (index * (width - 2 * pad)) / (done.length - 1);
  const y = (score: number) => height - pad - (score / 200) * (height - 2 * pad);
  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label="Notas por competência ao longo do tempo"
        className="h-auto w-full"
      >
        {[0, 100, 200].map((score) => (
          <g key={score}>
            <line
              x1={pad}
              x2={width - pad}
              y1={y(score)}
              y2={y(score)}
              className="stroke-slate-200 dark:stroke-slate-700"
            />
            <text x={0} y={y(score) + 3} className="fill-slate-400 text-[8px]">
              {score}
            </text>
          </g>
        ))}
        {ESSAY_COMPETENCIAS.map((key, index) => {
          const points = done.map((essay, i) => `${x(i)},${y(essay.finalScore?.[key] ?? 0)}`);
          return (
            <g key={key}>
              <polyline points={points.join(' ')} fill="none" stroke={COLORS[index]} strokeWidth={2} />
              {done.map((essay, i) => (
                <circle
                  key={essay.id}
                  cx={x(i)}
                  cy={y(essay.finalScore?.[key] ?? 0)}
                  r={2.5}
                  fill={COLORS[index]}
                />
              ))}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
        {ESSAY_COMPETENCIAS.map((key, index) => (
          <span key={key} className="flex items-center gap-1">
            <span
              className="inline-block size-2.5 rounded-full"
              style={{ background: COLORS[index] }}
              aria-hidden
            />
            {COMPETENCIA_LABELS[key]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
