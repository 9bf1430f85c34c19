import { ESSAY_LINES_MIN, ESSAY_SHEET_LINES, type EssayChecks } from '@estudai/contract/constants';
import { AlertTriangle } from 'lucide-react';

/** The automatic checks as warnings (no AI): too short, too long, copied passages. */
export function EssayCheckWarnings({ checks, hasText }: { checks: EssayChecks; hasText: boolean }) {
  const warnings: string[] = [];
  if (hasText && checks.insufficient)
    warnings.push(
      `Texto insuficiente: com ${ESSAY_LINES_MIN - 1} linhas ou menos (sem contar trechos copiados), a redação recebe nota zero.`,
    );
  if (checks.overLimit)
    warnings.push(`Passou de ${ESSAY_SHEET_LINES} linhas: o que passar da folha não é lido.`);
  if (checks.copiedRanges.length > 0)
    warnings.push(
      `${checks.copiedRanges.length === 1 ? 'Um trecho copiado' : `${checks.copiedRanges.length} trechos copiados`} dos textos motivadores: linhas copiadas não contam.`,
    );
  if (warnings.length === 0) return null;
  return (
    <ul aria-label="Avisos da redação" className="grid gap-1.5">
      {warnings.map((warning) => (
        <li
          key={warning}
          className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {warning}
        </li>
      ))}
    </ul>
  );
}
