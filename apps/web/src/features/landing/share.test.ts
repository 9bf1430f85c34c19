import { describe, expect, it, vi } from 'vitest';
import { shareLink } from './share.ts';

const data = { title: 'Estudaí', text: 'Vem estudar comigo!', url: 'https://estudai.com.br/' };

describe('shareLink', () => {
  it('opens the native share sheet when the browser has one', async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    expect(await shareLink(data, { share, clipboard: { writeText } as unknown as Clipboard })).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when there is no share sheet', async () => {
    const writeText = vi.fn(async () => {});
    expect(await shareLink(data, { clipboard: { writeText } as unknown as Clipboard })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://estudai.com.br/');
  });

  it('does nothing more when the person closes the share sheet', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    const writeText = vi.fn(async () => {});
    expect(await shareLink(data, { share, clipboard: { writeText } as unknown as Clipboard })).toBe(
      'cancelled',
    );
    expect(writeText).not.toHaveBeenCalled();
  });

  it('falls back to copying when sharing is refused', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('not allowed', 'NotAllowedError');
    });
    const writeText = vi.fn(async () => {});
    expect(await shareLink(data, { share, clipboard: { writeText } as unknown as Clipboard })).toBe('copied');
  });

  it('reports a failure when neither works', async () => {
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    expect(await shareLink(data, { clipboard: { writeText } as unknown as Clipboard })).toBe('failed');
    expect(await shareLink(data, {})).toBe('failed');
  });
});
