import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, getTheme, setTheme } from './theme.ts';

function systemPrefersDark(dark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) => ({ matches: dark, media: query, addEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

describe('theme', () => {
  afterEach(() => vi.restoreAllMocks());

  it('follows the system by default', () => {
    expect(getTheme()).toBe('system');
    systemPrefersDark(true);
    applyTheme();
    expect(document.documentElement).toHaveClass('dark');
    systemPrefersDark(false);
    applyTheme();
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it("stores the choice under 'theme' and lets it win over the system", () => {
    systemPrefersDark(true);
    setTheme('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
    setTheme('system');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem('theme', 'sepia');
    expect(getTheme()).toBe('system');
  });
});
