// Instants a whole group shares (a simulado's window, a live class) are typed on the Brasília clock,
// whatever the device's zone: `toBrasiliaInput` and `fromBrasiliaInput` of the contract (dates.ts)
// fill and read the datetime-local input; this reads its value back in Portuguese.

/**
 * A datetime-local value read back the Brazilian way ('05/12/2026 às 14:30, horário de Brasília'):
 * the browser draws the field in its own locale, which may not be pt-BR.
 */
export function brasiliaInputText(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return 'Data e hora no horário de Brasília (dd/mm/aaaa, hh:mm)';
  const [, year, month, day, hours, minutes] = match;
  return `${day}/${month}/${year} às ${hours}:${minutes}, horário de Brasília`;
}
