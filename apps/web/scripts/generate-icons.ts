// Draws the PWA icons (manifest, iOS home screen) from one SVG: `npx tsx apps/web/scripts/generate-icons.ts`.
// The PNGs are committed; run this again only when the logo changes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = fileURLToPath(new URL('../public/icons/', import.meta.url));

const background = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>`;
// The graduation cap of favicon.svg, centred on (32, 29).
const cap = `<path d="M18 22l14-7 14 7-14 7z" fill="#fff"/>
  <path d="M24 28v9c0 3 4 6 8 6s8-3 8-6v-9l-8 4z" fill="#c7d2fe"/>`;

/** `rounded`: a visible tile with corners; `scale`: the cap's size (maskable icons keep to the safe zone). */
const icon = ({ rounded, scale }: { rounded: boolean; scale: number }) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${background}
  <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="url(#g)"/>
  <g transform="translate(32 32) scale(${scale}) translate(-32 -29)">${cap}</g></svg>`);

const targets = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1.3 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1.3 },
  // Maskable: full bleed, the cap inside the central 80% circle that every mask keeps.
  { file: 'icon-maskable-512.png', size: 512, rounded: false, scale: 1 },
  // iOS rounds the corners itself.
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 1.15 },
];

for (const { file, size, rounded, scale } of targets) {
  await sharp(icon({ rounded, scale }), { density: 72 * (size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, file));
  console.log(`${file} ${size}×${size}`);
}
