import { GROUP_MESSAGES, RELEVANCE_GREEN_FROM, RELEVANCE_YELLOW_FROM } from '@estudai/contract/constants';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * A price in cents as BRL (spec §9): 4990 → 'R$ 49,90' with a no-break space after 'R$', so the
 * symbol and the amount never land on separate lines (Intl's own space, made sure of here).
 */
export const formatPrice = (cents: number) => brl.format(cents / 100).replace(/\s/g, '\u00a0');

/**
 * Reais as typed into the create-group form, to cents: '49,90' → 4990, '1.234,5' → 123450,
 * '49.90' → 4990. NaN for anything else (the contract's schema then refuses it).
 */
export function parseReais(text: string): number {
  let value = text.replace(/R\$/i, '').replace(/\s/g, '');
  if (!value) return Number.NaN;
  if (value.includes(',')) value = value.replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return Number.NaN;
  return Math.round(Number(value) * 100);
}

/** Cents back to what the form shows: 4990 → '49,90'. */
export const centsToReais = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

export type RelevanceTone = 'green' | 'yellow' | 'grey';

/** Spec §9: 90 and up green, 70 and up yellow, anything else grey. */
export function relevanceTone(score: number): RelevanceTone {
  if (score >= RELEVANCE_GREEN_FROM) return 'green';
  if (score >= RELEVANCE_YELLOW_FROM) return 'yellow';
  return 'grey';
}

const oneDecimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('pt-BR');

/** A file's size: '850 KB', '2,3 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${whole.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}

/** A rating of 0–5 with one decimal: 4.8 → '4,8'. */
export const formatRating = (rating: number) => oneDecimal.format(rating);

/** 'Acesso por 3 meses', 'Acesso por 1 mês' or, without a duration, 'Acesso vitalício'. */
export function formatDuration(months: number | null): string {
  if (months === null) return GROUP_MESSAGES.lifetime;
  return `Acesso por ${months} ${months === 1 ? 'mês' : 'meses'}`;
}

/** '1 aluno', '120 alunos'. */
export const formatStudents = (count: number) => `${whole.format(count)} ${count === 1 ? 'aluno' : 'alunos'}`;

/** '1 download', '12 downloads'. */
export const formatDownloads = (count: number) =>
  `${whole.format(count)} ${count === 1 ? 'download' : 'downloads'}`;
