// The room's shared countdown on the server's clock (as the simulado timer reads it): the device's
// clock may be off, so the offset is measured on each reply that carries `serverNow`, against the
// middle of the round trip, and the countdown is read through it.

/** Server time minus device time, in ms, from one reply. */
export function clockOffset(serverNow: string, sentAt: number, receivedAt: number): number {
  const server = new Date(serverNow).getTime();
  return Number.isNaN(server) ? 0 : server - (sentAt + receivedAt) / 2;
}

/** Milliseconds left until `endsAt` on the server's clock, never below 0. */
export const msUntil = (endsAt: string, offsetMs: number, deviceNow = Date.now()) =>
  Math.max(0, new Date(endsAt).getTime() - (deviceNow + offsetMs));

/** The phase after `phase` ends and how long it lasts. */
export function nextPhase(
  phase: 'focus' | 'break',
  endsAt: string,
  focusMinutes: number,
  breakMinutes: number,
) {
  const next = phase === 'focus' ? 'break' : 'focus';
  const minutes = next === 'focus' ? focusMinutes : breakMinutes;
  return {
    phase: next,
    phaseEndsAt: new Date(new Date(endsAt).getTime() + minutes * 60_000).toISOString(),
  } as const;
}

/** '24:59': the countdown's text. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(Math.floor(total / 60))}:${two(total % 60)}`;
}
