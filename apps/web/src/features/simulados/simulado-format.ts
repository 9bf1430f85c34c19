import { formatBrasiliaDayMonthTime, type Simulado } from '@estudai/contract/constants';

// Simulado instants are on the Brasília clock (the contract's dates.ts): the window is the same for everyone.

/** 'Abre 26/11 às 09:00 · fecha 26/11 às 12:00' */
export const windowText = (simulado: Pick<Simulado, 'opensAt' | 'closesAt'>) =>
  `Abre ${formatBrasiliaDayMonthTime(simulado.opensAt)} · fecha ${formatBrasiliaDayMonthTime(simulado.closesAt)} (horário de Brasília)`;

export const WINDOW_LABELS: Record<Simulado['window'], string> = {
  upcoming: 'Em breve',
  open: 'Aberto',
  closed: 'Encerrado',
};

/** '1 questão', '10 questões' */
export const questionsText = (count: number) => `${count} ${count === 1 ? 'questão' : 'questões'}`;

/** '1 h 30 min', '45 minutos', '2 horas': a duration as a cover prints it. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} minutos`;
  if (rest === 0) return hours === 1 ? '1 hora' : `${hours} horas`;
  return `${hours} h ${rest} min`;
}
