import { describe, expect, it } from 'vitest';
import { hasImageSignature, isImageFile } from './image-file.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

describe('hasImageSignature', () => {
  it('knows PNG, JPEG, GIF, WebP and AVIF by their first bytes', () => {
    expect(hasImageSignature(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(hasImageSignature(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(hasImageSignature(bytes('GIF89a'))).toBe(true);
    expect(hasImageSignature(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe(true);
    expect(hasImageSignature(bytes([0, 0, 0, 0x1c], 'ftypavif'))).toBe(true);
  });

  it('refuses text, SVG and PDF whatever the file is called', () => {
    expect(hasImageSignature(bytes('isto não é'))).toBe(false);
    expect(hasImageSignature(bytes('<svg xmlns='))).toBe(false);
    expect(hasImageSignature(bytes('%PDF-1.4'))).toBe(false);
    expect(hasImageSignature(new Uint8Array())).toBe(false);
  });
});

it('reads a picked file', async () => {
  expect(await isImageFile(new File(['texto'], 'foto.png', { type: 'image/png' }))).toBe(false);
  expect(await isImageFile(new File([bytes('GIF87a', [1, 0])], 'a.gif', { type: 'image/gif' }))).toBe(true);
});
