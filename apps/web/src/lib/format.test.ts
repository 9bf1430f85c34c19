import { describe, expect, it } from 'vitest';
import {
  firstName,
  formatDateTime,
  formatDayLabel,
  formatFileSize,
  formatForumTime,
  formatHours,
  formatPrice,
  formatRatingOutOfFive,
  formatRelativeAgo,
  formatRelativeTime,
  formatStudyTime,
  formatVideoDuration,
  formatViews,
  parseReais,
  parseVideoDuration,
  viewsText,
} from './format.ts';

describe('dates', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const minute = 60_000;

  describe('formatRelativeTime', () => {
    it("says 'agora' under a minute, never '0m'", () => {
      expect(formatRelativeTime(ago(0), now)).toBe('agora');
      expect(formatRelativeTime(ago(30_000), now)).toBe('agora');
      expect(formatRelativeTime(ago(59_999), now)).toBe('agora');
    });

    it("says 'Nm' from a minute to under an hour", () => {
      expect(formatRelativeTime(ago(minute), now)).toBe('1m');
      expect(formatRelativeTime(ago(5 * minute), now)).toBe('5m');
      expect(formatRelativeTime(ago(59 * minute + 59_000), now)).toBe('59m');
    });

    it("says 'Nh' from an hour to under a day", () => {
      expect(formatRelativeTime(ago(60 * minute), now)).toBe('1h');
      expect(formatRelativeTime(ago(23 * 60 * minute + 59 * minute), now)).toBe('23h');
    });

    it("says 'Nd' from a day on", () => {
      expect(formatRelativeTime(ago(24 * 60 * minute), now)).toBe('1d');
      expect(formatRelativeTime(ago(9 * 24 * 60 * minute), now)).toBe('9d');
    });

    it('treats a time slightly ahead of the clock as just now', () => {
      expect(formatRelativeTime(ago(-5_000), now)).toBe('agora');
    });

    it("prefixes 'há' except for fresh content", () => {
      expect(formatRelativeAgo(ago(30_000), now)).toBe('agora');
      expect(formatRelativeAgo(ago(5 * minute), now)).toBe('há 5m');
    });
  });

  describe('formatDateTime', () => {
    it("writes the date and time as pt-BR's long date and short time do", () => {
      const intl = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short' });
      for (const date of [
        new Date(2026, 0, 5, 7, 3),
        new Date(2025, 2, 31, 23, 59),
        new Date(2026, 11, 1, 0, 0),
      ]) {
        expect(formatDateTime(date)).toBe(intl.format(date));
      }
      expect(formatDateTime(new Date(2026, 0, 5, 7, 3).toISOString())).toBe('5 de janeiro de 2026 às 07:03');
    });
  });
});

describe('formatDayLabel', () => {
  const now = new Date(2026, 10, 26, 0, 30);

  it("says 'Hoje' and 'Ontem' by calendar day, not by 24-hour span", () => {
    expect(formatDayLabel(new Date(2026, 10, 26, 0, 5), now)).toBe('Hoje');
    expect(formatDayLabel(new Date(2026, 10, 25, 23, 59), now)).toBe('Ontem');
    expect(formatDayLabel(new Date(2026, 10, 25, 0, 1).toISOString(), now)).toBe('Ontem');
  });

  it('writes older days as a pt-BR date, with the year only when it is another', () => {
    expect(formatDayLabel(new Date(2026, 10, 24, 12), now)).toBe('24 de novembro');
    expect(formatDayLabel(new Date(2026, 0, 1, 12), now)).toBe('1 de janeiro');
    expect(formatDayLabel(new Date(2025, 11, 31, 12), now)).toBe('31 de dezembro de 2025');
  });

  it("says 'Ontem' across a month's turn", () => {
    expect(formatDayLabel(new Date(2026, 10, 30, 20), new Date(2026, 11, 1, 8))).toBe('Ontem');
  });
});

describe('forum dates', () => {
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
});

describe('profile formats', () => {
  it("shows study time as 'Ym' under an hour and 'Xh Ym' from an hour up (spec §9)", () => {
    expect(formatStudyTime(0)).toBe('0m');
    expect(formatStudyTime(45)).toBe('45m');
    expect(formatStudyTime(60)).toBe('1h 0m');
    expect(formatStudyTime(135)).toBe('2h 15m');
    expect(formatStudyTime(59.9)).toBe('59m');
  });

  it('writes hours and ratings with a decimal comma', () => {
    expect(formatHours(4.7)).toBe('4,7h');
    expect(formatHours(12)).toBe('12h');
    expect(formatRatingOutOfFive(4.5)).toBe('4,5/5');
  });

  it('takes the first name for the posts tab', () => {
    expect(firstName('  Carla Mendes ')).toBe('Carla');
  });
});

describe('group formats', () => {
  it("shows a price in cents as BRL, pt-BR style (spec §9), 'R$' held to the amount by a no-break space", () => {
    expect(formatPrice(4990)).toBe('R$\u00a049,90');
    expect(formatPrice(123456)).toBe('R$\u00a01.234,56');
    expect(formatPrice(0)).toBe('R$\u00a00,00');
  });

  it('reads reais as typed into cents', () => {
    expect(parseReais('49,90')).toBe(4990);
    expect(parseReais('49')).toBe(4900);
    expect(parseReais('49.9')).toBe(4990);
    expect(parseReais('R$ 1.234,56')).toBe(123456);
    expect(parseReais(formatPrice(123456))).toBe(123456);
    expect(parseReais('0,1')).toBe(10);
    expect(parseReais('abc')).toBeNaN();
    expect(parseReais('4,999')).toBeNaN();
    expect(parseReais('-5')).toBeNaN();
  });

  it("reads a video's length as typed: h:mm:ss, m:ss or seconds", () => {
    expect(parseVideoDuration('1:02:03')).toBe(3723);
    expect(parseVideoDuration('62:03')).toBe(3723);
    expect(parseVideoDuration('3723')).toBe(3723);
    expect(parseVideoDuration(' 12:34 ')).toBe(754);
    expect(parseVideoDuration(formatVideoDuration(3723))).toBe(3723);
    expect(parseVideoDuration('')).toBe(0);
    expect(parseVideoDuration('abc')).toBeNaN();
    expect(parseVideoDuration('1:75')).toBeNaN();
    expect(parseVideoDuration('1:2:3:4')).toBeNaN();
    expect(parseVideoDuration('-5')).toBeNaN();
  });

  it('shows file sizes in KB or MB with a decimal comma', () => {
    expect(formatFileSize(Math.round(2.3 * 1024 * 1024))).toBe('2,3 MB');
    expect(formatFileSize(850 * 1024)).toBe('850 KB');
    expect(formatFileSize(20)).toBe('1 KB');
  });
});

describe('formatVideoDuration', () => {
  it.each([
    [0, '0:00'],
    [9, '0:09'],
    [59, '0:59'],
    [60, '1:00'],
    [754, '12:34'],
    [3_599, '59:59'],
    [3_600, '1:00:00'],
    [3_725, '1:02:05'],
    [86_400, '24:00:00'],
  ])('shows %i seconds as %s', (seconds, text) => {
    expect(formatVideoDuration(seconds)).toBe(text);
  });
});

describe('formatViews', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [1_000, '1k'],
    [1_200, '1,2k'],
    [1_299, '1,2k'],
    [15_320, '15,3k'],
    [999_999, '999,9k'],
    [1_000_000, '1M'],
    [2_560_000, '2,5M'],
  ])('shows %i views as %s', (views, text) => {
    expect(formatViews(views)).toBe(text);
  });

  it("writes the spec's '{n} visualizações'", () => {
    expect(viewsText(2)).toBe('2 visualizações');
    expect(viewsText(1_284)).toBe('1,2k visualizações');
  });
});
