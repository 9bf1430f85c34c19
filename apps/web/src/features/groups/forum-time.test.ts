import { describe, expect, it } from 'vitest';
import { formatForumTime } from './forum-time.ts';

const now = new Date('2026-03-10T15:00:00Z');
const minute = 60_000;
const hour = 60 * minute;
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('formatForumTime', () => {
  it("says 'Agora há pouco' under an hour", () => {
    expect(formatForumTime(ago(0), now)).toBe('Agora há pouco');
    expect(formatForumTime(ago(59 * minute), now)).toBe('Agora há pouco');
    expect(formatForumTime(ago(hour - 1), now)).toBe('Agora há pouco');
  });

  it("says 'Nh atrás' from 1 h to under 24 h", () => {
    expect(formatForumTime(ago(hour), now)).toBe('1h atrás');
    expect(formatForumTime(ago(23 * hour), now)).toBe('23h atrás');
    expect(formatForumTime(ago(24 * hour - 1), now)).toBe('23h atrás');
  });

  it("says 'Ontem' from 24 h to under 48 h", () => {
    expect(formatForumTime(ago(24 * hour), now)).toBe('Ontem');
    expect(formatForumTime(ago(47 * hour), now)).toBe('Ontem');
    expect(formatForumTime(ago(48 * hour - 1), now)).toBe('Ontem');
  });

  it('shows a pt-BR date from 48 h on', () => {
    expect(formatForumTime(ago(48 * hour), now)).toBe('08/03/2026');
    expect(formatForumTime('2025-11-20T12:00:00Z', now)).toBe('20/11/2025');
  });

  it('treats a time slightly ahead of the clock as just now', () => {
    expect(formatForumTime(ago(-5_000), now)).toBe('Agora há pouco');
  });
});
