import { RELEVANCE_GREEN_FROM, RELEVANCE_YELLOW_FROM } from '@estudai/contract/constants';

export type RelevanceTone = 'green' | 'yellow' | 'grey';

/** Spec §9: 90 and up green, 70 and up yellow, anything else grey. */
export function relevanceTone(score: number): RelevanceTone {
  if (score >= RELEVANCE_GREEN_FROM) return 'green';
  if (score >= RELEVANCE_YELLOW_FROM) return 'yellow';
  return 'grey';
}
