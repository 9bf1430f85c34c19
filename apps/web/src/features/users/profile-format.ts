/** Spec §9: study time as 'Xh Ym', or 'Ym' under an hour. */
export function formatStudyTime(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return hours > 0 ? `${hours}h ${rest}m` : `${rest}m`;
}

let decimalFormat: Intl.NumberFormat | undefined;
// Built on first use, not when the module loads: the study timer imports this with the first route.
const decimal = (value: number) => {
  decimalFormat ??= new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
  return decimalFormat.format(value);
};

/** Hours with at most one decimal, the Brazilian way: '4,7h'. */
export const formatHours = (hours: number) => `${decimal(hours)}h`;

/** A rating out of five: '4,5/5'. */
export const formatRating = (rating: number) => `${decimal(rating)}/5`;

/** The first name, for 'Posts de {first name}'. */
export const firstName = (displayName: string) => displayName.trim().split(/\s+/)[0] ?? displayName;
