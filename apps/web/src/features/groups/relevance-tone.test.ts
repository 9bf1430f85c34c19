import { describe, expect, it } from 'vitest';
import { relevanceTone } from './relevance-tone.ts';

describe('relevance tone', () => {
  it('colours relevance green from 90, yellow from 70, grey below (spec §9)', () => {
    expect(relevanceTone(100)).toBe('green');
    expect(relevanceTone(90)).toBe('green');
    expect(relevanceTone(89)).toBe('yellow');
    expect(relevanceTone(70)).toBe('yellow');
    expect(relevanceTone(69)).toBe('grey');
    expect(relevanceTone(0)).toBe('grey');
  });
});
