import { ESSAY_STATUS_LABELS, type EssayStatus } from '@estudai/contract/constants';
import { Badge } from '../../../components/ui/badge.tsx';

const tones = {
  draft: 'slate',
  submitted: 'indigo',
  third_review: 'violet',
  banca: 'yellow',
  done: 'green',
} as const;

export function EssayStatusBadge({ status }: { status: EssayStatus }) {
  return <Badge tone={tones[status]}>{ESSAY_STATUS_LABELS[status]}</Badge>;
}

/** A score as INEP writes it: '640' (a half point, when a mean gives one, kept: '660,0' is never shown). */
export const formatScore = (score: number) => score.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
