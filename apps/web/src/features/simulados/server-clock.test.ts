import { describe, expect, it } from 'vitest';
import { formatCountdown, readServerClock, remainingMs, serverTimeNow } from './server-clock.ts';

describe('the server clock', () => {
  it('measures the offset against the middle of the round trip', () => {
    // The device runs 5 minutes ahead; the call took 200 ms.
    const deviceSent = Date.parse('2026-11-26T12:05:00.000Z');
    const clock = readServerClock('2026-11-26T12:00:00.100Z', deviceSent, deviceSent + 200);
    expect(clock.offsetMs).toBe(-5 * 60_000);
    expect(serverTimeNow(clock, deviceSent + 200)).toBe(Date.parse('2026-11-26T12:00:00.200Z'));
  });

  it("counts down to endsAt on the server's clock, whatever the device's says", () => {
    const clock = { offsetMs: -5 * 60_000 };
    const deviceNow = Date.parse('2026-11-26T12:05:00.000Z');
    expect(remainingMs('2026-11-26T12:30:00.000Z', clock, deviceNow)).toBe(30 * 60_000);
    expect(remainingMs('2026-11-26T11:59:00.000Z', clock, deviceNow)).toBe(0);
  });

  it('writes the time left as mm:ss, with hours when there are', () => {
    expect(formatCountdown(4 * 60_000 + 59_000)).toBe('04:59');
    expect(formatCountdown(65 * 60_000 + 9_000)).toBe('1:05:09');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(400)).toBe('00:01');
  });

  it('ignores a reply without a readable serverNow', () => {
    expect(readServerClock('não', 0, 10).offsetMs).toBe(0);
  });
});
