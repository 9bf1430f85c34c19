// Writes the images the image-check tests run the real model on (issue 43), into
// test/fixtures/images/: a drawing, a photo-like notebook page and an abstract picture the model
// scores as sensitive (blurred skin-toned shapes, found by trying seeded compositions until the
// model's sexual + suggestive score passes the 'sensível' threshold with a margin). None of them is
// in the demo data. Run: `npx tsx apps/server/scripts/make-image-fixtures.ts`.
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { ImageClassifierThread } from '../src/features/media/image-classifier.ts';
import { IMAGE_THRESHOLDS } from '../src/features/media/image-thresholds.ts';

const OUT = new URL('../test/fixtures/images/', import.meta.url);
const svg = (body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">${body}</svg>`);

/** A child's drawing: a house, a sun and a tree in flat colours with black outlines. */
const DRAWING = svg(`<rect width="400" height="400" fill="#fffdf5"/>
  <circle cx="320" cy="80" r="45" fill="#ffd23f" stroke="#000" stroke-width="5"/>
  <rect x="80" y="200" width="160" height="140" fill="#4ea5d9" stroke="#000" stroke-width="5"/>
  <polygon points="70,200 160,120 250,200" fill="#e4572e" stroke="#000" stroke-width="5"/>
  <rect x="140" y="270" width="40" height="70" fill="#8c5e34" stroke="#000" stroke-width="5"/>
  <rect x="290" y="250" width="22" height="90" fill="#8c5e34" stroke="#000" stroke-width="5"/>
  <circle cx="301" cy="230" r="45" fill="#3bb273" stroke="#000" stroke-width="5"/>
  <line x1="0" y1="340" x2="400" y2="340" stroke="#000" stroke-width="5"/>`);

/** A ruled notebook page on a wooden desk, with shading and a pen: photo-like. */
function notebook(): Buffer {
  const lines = Array.from(
    { length: 14 },
    (_, i) =>
      `<line x1="70" y1="${80 + i * 20}" x2="340" y2="${76 + i * 20}" stroke="#7aa7d6" stroke-width="1.5"/>`,
  ).join('');
  const words = Array.from(
    { length: 8 },
    (_, i) =>
      `<path d="M95 ${96 + i * 20} q 20 -8 40 0 t 40 0 t 40 0 t ${30 + (i % 3) * 20} 0" stroke="#1f3a93" stroke-width="2" fill="none"/>`,
  ).join('');
  return svg(`<defs><linearGradient id="w" x1="0" x2="1"><stop offset="0" stop-color="#8a5a32"/><stop offset="0.5" stop-color="#a8703f"/><stop offset="1" stop-color="#7b4e2b"/></linearGradient>
    <linearGradient id="l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient>
    <filter id="s"><feGaussianBlur stdDeviation="6"/></filter></defs>
    <rect width="400" height="400" fill="url(#w)"/>
    <polygon points="62,52 352,44 362,372 56,380" fill="#000" opacity="0.35" filter="url(#s)"/>
    <polygon points="55,45 345,38 352,365 50,372" fill="#fbfaf4"/>
    <line x1="95" y1="42" x2="92" y2="370" stroke="#e06666" stroke-width="1.5"/>
    ${lines}${words}
    <rect x="300" y="120" width="12" height="200" rx="5" fill="#20365f" transform="rotate(20 306 220)"/>
    <rect width="400" height="400" fill="url(#l)"/>`);
}

/** Seeded blurred skin-toned ellipses: the family the sensitive fixture is picked from. */
function skin(seed: number): Buffer {
  let state = seed + 1;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const tone = [
    [224, 172, 140],
    [198, 134, 100],
    [241, 194, 165],
    [160, 100, 70],
  ][seed % 4] ?? [224, 172, 140];
  let shapes = '';
  for (let i = 0; i < 6; i++) {
    const [cx, cy, rx, ry] = [60 + next() * 280, 60 + next() * 280, 40 + next() * 120, 40 + next() * 140];
    const d = Math.floor(next() * 40) - 20;
    shapes += `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="rgb(${(tone[0] ?? 0) + d},${(tone[1] ?? 0) + d},${(tone[2] ?? 0) + d})" filter="url(#b)"/>`;
  }
  const background = ['rgb(240,235,230)', 'rgb(60,40,50)', 'rgb(150,30,40)'][seed % 3];
  return svg(`<defs><filter id="b"><feGaussianBlur stdDeviation="${6 + next() * 12}"/></filter>
    <radialGradient id="g"><stop offset="0" stop-color="white" stop-opacity="0.3"/><stop offset="1" stop-color="black" stop-opacity="0.3"/></radialGradient></defs>
    <rect width="400" height="400" fill="${background}"/>${shapes}<rect width="400" height="400" fill="url(#g)"/>`);
}

const classifier = new ImageClassifierThread();
try {
  await writeFile(new URL('drawing.png', OUT), await sharp(DRAWING).png().toBuffer());
  await writeFile(new URL('notebook.jpg', OUT), await sharp(notebook()).jpeg({ quality: 88 }).toBuffer());
  for (let seed = 0; seed < 200; seed++) {
    const png = await sharp(skin(seed)).png().toBuffer();
    const scores = await classifier.classify(png);
    const unsafe = scores.porn + scores.hentai + scores.sexy;
    const sexual = Math.max(scores.porn, scores.hentai);
    // A margin on both sides: clearly 'sensível', clearly not 'bloqueada'.
    if (unsafe >= IMAGE_THRESHOLDS.sensitive + 0.1 && sexual < IMAGE_THRESHOLDS.blocked - 0.1) {
      await writeFile(new URL('sensitive.png', OUT), png);
      console.log(`sensitive.png: seed ${seed}`, scores);
      break;
    }
  }
  for (const name of ['drawing.png', 'notebook.jpg']) {
    const { readFile } = await import('node:fs/promises');
    console.log(name, await classifier.classify(await readFile(new URL(name, OUT))));
  }
} finally {
  await classifier.close();
}
