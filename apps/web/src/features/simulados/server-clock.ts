// The server owns the attempt's clock (decision 017). A device's clock may be minutes off, so the
// screen never compares endsAt with Date.now() directly: it measures how far the device is from the
// server on each reply that carries `serverNow` and reads the server's time through that offset.

export interface ClockReading {
  /** Server time minus device time, in ms. */
  offsetMs: number;
}

/**
 * The offset from a reply: `serverNow` was read somewhere between sending and receiving, so it is
 * compared with the middle of the round trip (the error is at most half of it).
 */
export function readServerClock(serverNow: string, sentAt: number, receivedAt: number): ClockReading {
  const server = new Date(serverNow).getTime();
  if (Number.isNaN(server)) return { offsetMs: 0 };
  return { offsetMs: server - (sentAt + receivedAt) / 2 };
}

/** The server's time now, by the device's clock and the offset. */
export const serverTimeNow = (clock: ClockReading, deviceNow = Date.now()) => deviceNow + clock.offsetMs;

/** Milliseconds left until `endsAt` on the server's clock, never below 0. */
export const remainingMs = (endsAt: string, clock: ClockReading, deviceNow = Date.now()) =>
  Math.max(0, new Date(endsAt).getTime() - serverTimeNow(clock, deviceNow));

/** '1:05:09' or '04:59': the countdown's text. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}
