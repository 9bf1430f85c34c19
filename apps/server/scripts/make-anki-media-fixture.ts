// Writes test/fixtures/anki/anatomia-imagens.apkg (issue 42): an Anki 2.1 package ("support older
// Anki versions": `collection.anki2` + the `media` JSON map and numbered files) whose cards show
// images: a PNG on one card's front, a JPEG on its back, and files that are not imported and are
// counted instead (an SVG, a sound, an image the package does not hold). The images are drawn here
// by sharp, so nothing is copied from anywhere. Run: `npx tsx apps/server/scripts/make-anki-media-fixture.ts`.
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { buildApkg } from '../test/anki.ts';

const DIR = new URL('../test/fixtures/anki/', import.meta.url);

const heart = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#c0392b' } })
  .png()
  .toBuffer();
const valve = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#2e86c1' } })
  .jpeg({ quality: 80 })
  .toBuffer();
const diagram = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="5" cx="5" cy="5"/></svg>',
);
const sound = new Uint8Array([0x49, 0x44, 0x33, 0x04, 0, 0, 0, 0, 0, 0]);

const apkg = await buildApkg(
  [
    {
      type: 'basic',
      fields: [
        'Qual câmara do coração é esta?<br><img src="coracao%20vermelho.png">',
        'Ventrículo esquerdo<div><img src=\'valvula.jpg\' alt="válvula"></div>',
      ],
      tags: ['anatomia', 'coracao'],
    },
    {
      type: 'basic',
      fields: ['Que estrutura o diagrama mostra? <img src="diagrama.svg"> [sound:batimento.mp3]', 'A aorta'],
    },
    { type: 'basic', fields: ['Onde fica o nó sinoatrial? <img src="ausente.png">', 'No átrio direito'] },
    {
      type: 'basic',
      fields: ['<img src="coracao vermelho.png">', 'O coração (a mesma imagem, guardada uma vez)'],
    },
  ],
  'Anatomia::Coração',
  {
    'coracao vermelho.png': heart,
    'valvula.jpg': valve,
    'diagrama.svg': diagram,
    'batimento.mp3': sound,
  },
);
await writeFile(new URL('anatomia-imagens.apkg', DIR), apkg);
console.log(`anatomia-imagens.apkg: ${apkg.length} bytes`);
