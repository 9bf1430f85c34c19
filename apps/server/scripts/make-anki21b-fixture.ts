// Writes test/fixtures/anki/microbiologia-anki21b.apkg: an Anki package laid out as Anki 2.1.50+
// exports by default (without "support older Anki versions"): `meta` (protobuf PackageMetadata,
// version 3 = latest), `collection.anki21b` (a schema-18 collection compressed by the `zstd` command
// at Anki's level 3, through a pipe so the frame has no content size, as Anki's streaming encoder
// writes it), a `collection.anki2` stub whose one note asks to update Anki, and `media` (an empty
// list, compressed too); and test/fixtures/anki/zstd-bomb.zst, 10 kB of compressed blocks that would
// be 108 MB (over the 100 MiB a collection may decompress to), with no content size. Needs the `zstd` command (Debian's package `zstd`); the tests only read
// the committed file. Run: `npx tsx apps/server/scripts/make-anki21b-fixture.ts`.
// Issue 42: also test/fixtures/anki/anatomia-anki21b.apkg, a card with an image as 2.1.50+ packs media:
// `media` a zstd-compressed protobuf `MediaEntries` (name, size, sha1 of each), files `0`, `1`…
// zstd-compressed too. The image is drawn by sharp.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { buildCollection11, buildCollection18 } from '../test/anki.ts';

const DIR = new URL('../test/fixtures/anki/', import.meta.url);
const zstd = (bytes: Uint8Array) =>
  new Uint8Array(execFileSync('zstd', ['-3', '-q', '-c'], { input: bytes }));

const collection = await buildCollection18(
  [
    {
      type: 'basic',
      fields: ['<b>Staphylococcus aureus</b> é gram?', 'Positivo (cocos em cachos)'],
      tags: ['bacterias', 'gram'],
    },
    {
      type: 'cloze',
      fields: ['O {{c1::bacilo de Koch}} causa a {{c2::tuberculose::doença}}.', 'Ziehl-Neelsen'],
    },
    // A basic note that only shows cloze syntax: its note type, not its text, says it is not a cloze.
    { type: 'basic', fields: ['No Anki, {{c1::texto}} marca uma lacuna', 'Só no tipo Omissão de palavras'] },
  ],
  'Microbiologia::Bactérias',
);
const stub = await buildCollection11(
  [
    {
      type: 'basic',
      fields: ['Please update to the latest Anki version, then import the .colpkg/.apkg file again.', ''],
    },
  ],
  'Default',
);
const apkg = zipSync(
  {
    meta: [new Uint8Array([0x08, 0x03]), { level: 0 }],
    'collection.anki21b': [zstd(collection), { level: 0 }],
    'collection.anki2': [stub, { level: 0 }],
    media: [zstd(new Uint8Array()), { level: 0 }],
  },
  {},
);
await writeFile(new URL('microbiologia-anki21b.apkg', DIR), apkg);
const bomb = zstd(new TextEncoder().encode('Anki 2.1.50 '.repeat(9_000_000)));
await writeFile(new URL('zstd-bomb.zst', DIR), bomb);
console.log(`microbiologia-anki21b.apkg: ${apkg.length} bytes; zstd-bomb.zst: ${bomb.length} bytes`);

/** A protobuf length-delimited field (`tag` already holds field number and wire type 2). */
const lengthDelimited = (tag: number, bytes: Uint8Array) => {
  const length: number[] = [];
  let n = bytes.length;
  while (n >= 0x80) {
    length.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  length.push(n);
  return new Uint8Array([tag, ...length, ...bytes]);
};
const varintField = (tag: number, value: number) => {
  const out = [tag];
  let n = value;
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return new Uint8Array(out);
};
const concat = (parts: Uint8Array[]) => new Uint8Array(parts.flatMap((part) => [...part]));

const heart = new Uint8Array(
  await sharp({ create: { width: 32, height: 24, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer(),
);
const mediaEntry = (name: string, bytes: Uint8Array) =>
  lengthDelimited(
    0x0a,
    concat([
      lengthDelimited(0x0a, new TextEncoder().encode(name)),
      varintField(0x10, bytes.length),
      lengthDelimited(0x1a, createHash('sha1').update(bytes).digest()),
    ]),
  );
const anatomy = await buildCollection18(
  [
    {
      type: 'basic',
      fields: ['Qual câmara do coração é esta? <img src="coracao.png">', 'Ventrículo esquerdo'],
    },
    { type: 'basic', fields: ['Que som é este? [sound:sopro.mp3]', 'Um sopro cardíaco'] },
  ],
  'Anatomia',
);
const withImages = zipSync(
  {
    meta: [new Uint8Array([0x08, 0x03]), { level: 0 }],
    'collection.anki21b': [zstd(anatomy), { level: 0 }],
    'collection.anki2': [stub, { level: 0 }],
    media: [zstd(mediaEntry('coracao.png', heart)), { level: 0 }],
    '0': [zstd(heart), { level: 0 }],
  },
  {},
);
await writeFile(new URL('anatomia-anki21b.apkg', DIR), withImages);
console.log(`anatomia-anki21b.apkg: ${withImages.length} bytes`);
