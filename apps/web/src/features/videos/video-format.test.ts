import { describe, expect, it } from 'vitest';
import { formatDuration, formatViews, viewsText } from './video-format.ts';

describe('formatDuration', () => {
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
    expect(formatDuration(seconds)).toBe(text);
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
