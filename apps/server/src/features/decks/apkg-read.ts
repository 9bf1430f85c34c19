import {
  CARD_SIDE_IMAGES_MAX,
  CARD_SIDE_MAX,
  DECK_CARDS_MAX,
  DECK_ERROR_CODES,
  DECK_IMAGES_MAX,
  DECK_MESSAGES,
  MEDIA_MAX_BYTES,
} from '@estudai/contract';
import type { Database } from 'sql.js';
import { FIELD_SEPARATOR } from '../../lib/anki/anki-schema.ts';
import { sqlite } from '../../lib/anki/sqlite.ts';
import { badRequest } from '../../lib/errors.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import { htmlToText } from './html-text.ts';
import { ZSTD_OUTPUT_MAX, zstdDecompress } from './zstd.ts';

// Reads an Anki package (.apkg) into plain-text cards: basic notes give one card (first field on
// the front, the others on the back), cloze notes one card per cloze number. The images a card's
// fields name (`<img src>`) come out of the package's media (the `media` JSON map of numbered files)
// (or 2.1.50+'s compressed protobuf list) for the service to store (issue 42); sound, video and
// other files are left out and counted.
// Every way a file can be wrong is a 400 with a pt-BR reason; nothing is stored here.
// Anki 2.1.50+ exports `collection.anki21b` (SQLite of schema 18, Zstandard-compressed) beside a
// `collection.anki2` stub whose one note asks to update Anki: the anki21b, when present, is the deck.

interface ImportedCard {
  front: string;
  back: string;
  tags: string[];
  /** The media names (as the package calls them) of the images each side shows. */
  frontImages: string[];
  backImages: string[];
  /** Sounds the note plays (`[sound:…]`): not imported, only counted. */
  sounds: string[];
}

export interface ImportedDeck {
  name: string;
  cards: ImportedCard[];
  /** The image files the cards name, by their name, read from the package (bounded: DECK_IMAGES_MAX, MEDIA_MAX_BYTES each). */
  images: Map<string, Uint8Array>;
  /** Media files the cards name that were left out: not an image, not in the package, too large, over the limit. */
  mediaSkipped: number;
}

const IMAGE_SRC = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const SOUND = /\[sound:([^\]]+)\]/g;
const IMAGE_EXTENSION = /\.(jpe?g|png|webp|gif)$/i;
const MEDIA_MAP_MAX = 4 * 1024 * 1024;
/** What the images of one package may inflate to in all (a zip's declared sizes, so a bomb stays bounded). */
const IMAGES_TOTAL_MAX = 50 * 1024 * 1024;

const fflate = lazyModule<typeof import('fflate')>('fflate');
const M = DECK_MESSAGES;
const invalid = (message: string) => badRequest(message, DECK_ERROR_CODES.invalidDeck);
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** Anki 2.1.50+'s collection (schema 18, zstd); when present, any `anki2` beside it is a stub. */
const MODERN_COLLECTION = 'collection.anki21b';
/** The legacy collections newest first: `anki21` (2.1), `anki2` (2.0). */
const LEGACY_COLLECTIONS = ['collection.anki21', 'collection.anki2'];
const CLOZE = /\{\{c(\d+)::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g;

const clip = (text: string) => (text.length > CARD_SIDE_MAX ? `${text.slice(0, CARD_SIDE_MAX - 1)}…` : text);

function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  if (!ZIP_MAGIC.every((byte, index) => bytes[index] === byte)) throw invalid(M.notAZip);
  let oversized = false;
  let files: Record<string, Uint8Array>;
  try {
    // Only the collection and the media map are read here; media files are left compressed. fflate
    // inflates into a buffer of the size the zip declares, so a declared size within the bound
    // bounds what comes out.
    files = fflate().unzipSync(bytes, {
      filter: (file) => {
        if (file.name === 'media') return file.originalSize <= MEDIA_MAP_MAX;
        if (!file.name.startsWith('collection.')) return false;
        if (file.originalSize > ZSTD_OUTPUT_MAX) oversized = true;
        return !oversized;
      },
    });
  } catch {
    throw invalid(M.notAZip);
  }
  if (oversized) throw invalid(M.unreadableCollection);
  return files;
}

/** The SQLite bytes of the package's collection: the anki21b decompressed, else the newest legacy one. */
function collectionOf(files: Record<string, Uint8Array>): Uint8Array {
  const modern = files[MODERN_COLLECTION];
  if (modern && modern.length > 0) {
    const sqliteBytes = zstdDecompress(modern);
    if (!sqliteBytes) throw invalid(M.unreadableCollection);
    return sqliteBytes;
  }
  const legacy = LEGACY_COLLECTIONS.map((name) => files[name]).find((file) => file && file.length > 0);
  if (!legacy) throw invalid(M.noCollection);
  return legacy;
}

function rows<T>(db: Database, sql: string): T[] {
  const statement = db.prepare(sql);
  const out: T[] = [];
  try {
    while (statement.step()) out.push(statement.getAsObject() as T);
  } finally {
    statement.free();
  }
  return out;
}

interface NoteType {
  isCloze: boolean;
}

/**
 * Field 1 (`kind`, 1 = cloze) of a schema-18 `notetypes.config`, a protobuf `Notetype.Config`; proto3
 * leaves a 0 (normal) out. `undefined` when the blob cannot be read.
 */
function notetypeKind(config: Uint8Array): number | undefined {
  let at = 0;
  const varint = (): number => {
    let value = 0;
    for (let shift = 0; shift < 64; shift += 7) {
      const byte = config[at++];
      if (byte === undefined) throw new RangeError('truncated varint');
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    throw new RangeError('varint too long');
  };
  let kind = 0;
  try {
    while (at < config.length) {
      const key = varint();
      const wireType = key % 8;
      const field = Math.floor(key / 8);
      if (wireType === 0) {
        const value = varint();
        if (field === 1) kind = value;
      } else if (wireType === 1) at += 8;
      else if (wireType === 2) {
        const length = varint(); // first: `at += varint()` would add to `at` as it was before the read
        at += length;
      } else if (wireType === 5) at += 4;
      else return undefined;
      if (at > config.length) return undefined;
    }
  } catch {
    return undefined;
  }
  return kind;
}

function noteTypes(db: Database): Map<string, NoteType> {
  const types = new Map<string, NoteType>();
  try {
    const [col] = rows<{ models: string }>(db, 'SELECT models FROM col LIMIT 1');
    const models = JSON.parse(col?.models || '{}') as Record<string, { type?: number }>;
    for (const [id, model] of Object.entries(models)) types.set(id, { isCloze: model.type === 1 });
  } catch {
    // No readable models: each note's text decides (a cloze has {{c1::…}}).
  }
  try {
    // Schema 15+ (2.1.28+, so every anki21b): `col.models` is empty, the note types have a table.
    for (const notetype of rows<{ id: number | string; config: unknown }>(
      db,
      'SELECT id, config FROM notetypes',
    )) {
      const kind = notetype.config instanceof Uint8Array ? notetypeKind(notetype.config) : undefined;
      if (kind !== undefined) types.set(String(notetype.id), { isCloze: kind === 1 });
    }
  } catch {
    // No such table before schema 15.
  }
  return types;
}

/** Deck names as Anki shows them: schema 18 keeps them in `decks`, its levels split by \x1f. */
function deckNames(db: Database): string[] {
  try {
    const decks = rows<{ name: string }>(db, 'SELECT name FROM decks ORDER BY id');
    return decks.map((deck) => String(deck.name ?? '').replaceAll('\u001f', '::'));
  } catch {
    const [col] = rows<{ decks: string }>(db, 'SELECT decks FROM col LIMIT 1');
    const decks = Object.values(JSON.parse(col?.decks || '{}') as Record<string, { name?: string }>);
    return decks.map((deck) => deck.name ?? '');
  }
}

function deckName(db: Database, fallback: string): string {
  try {
    const named = deckNames(db).filter((name) => name && name !== 'Default');
    const name = htmlToText(named[0] ?? '').replaceAll('::', ' › ');
    return name || fallback;
  } catch {
    return fallback;
  }
}

/** The media names of the images an HTML field shows, in order. */
function imageNames(html: string): string[] {
  const names: string[] = [];
  for (const match of html.matchAll(IMAGE_SRC)) {
    const raw = htmlToText(match[1] ?? match[2] ?? match[3] ?? '');
    let name = raw;
    try {
      name = decodeURIComponent(raw);
    } catch {
      // A name with a stray '%' is kept as written.
    }
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

const sideImages = (fields: string[]) =>
  [...new Set(fields.flatMap(imageNames))].slice(0, CARD_SIDE_IMAGES_MAX);

/** The cards of one cloze note: card n hides cloze n ([...] or its hint) and shows the others. */
function clozeCards(
  text: string,
  extra: string,
  tags: string[],
  images: { front: string[]; back: string[] },
  sounds: string[],
): ImportedCard[] {
  const numbers = [...new Set([...text.matchAll(CLOZE)].map((match) => Number(match[1])))].sort(
    (a, b) => a - b,
  );
  const answer = text.replace(CLOZE, (_whole, _n, shown: string) => shown);
  const back = extra ? `${answer}\n\n${extra}` : answer;
  return numbers.map((n) => ({
    front: clip(
      text.replace(CLOZE, (_whole, k: string, shown: string, hint?: string) =>
        Number(k) === n ? `[${hint?.trim() || '...'}]` : shown,
      ),
    ),
    back: clip(back),
    tags,
    frontImages: images.front,
    backImages: images.back,
    sounds,
  }));
}

/** The sound files the notes play (none is imported): each name once. */
const countSounds = (cards: ImportedCard[]) => new Set(cards.flatMap((card) => card.sounds)).size;

function cardsOf(db: Database): ImportedCard[] {
  const types = noteTypes(db);
  const notes = rows<{ mid: number | string; tags: string; flds: string }>(
    db,
    `SELECT mid, tags, flds FROM notes ORDER BY id LIMIT ${DECK_CARDS_MAX + 1}`,
  );
  if (notes.length > DECK_CARDS_MAX)
    throw badRequest(M.tooManyCards(DECK_CARDS_MAX), DECK_ERROR_CODES.tooManyCards);
  const cards: ImportedCard[] = [];
  for (const note of notes) {
    const html = String(note.flds ?? '').split(FIELD_SEPARATOR);
    const fields = html.map(htmlToText);
    const images = { front: sideImages(html.slice(0, 1)), back: sideImages(html.slice(1)) };
    const sounds = [
      ...new Set(html.flatMap((field) => [...field.matchAll(SOUND)].map((match) => match[1] ?? ''))),
    ];
    const tags = String(note.tags ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 20);
    const [first = '', ...rest] = fields;
    const isCloze = types.get(String(note.mid))?.isCloze ?? /\{\{c\d+::/.test(first);
    if (isCloze) cards.push(...clozeCards(first, rest.filter(Boolean).join('\n\n'), tags, images, sounds));
    else if (first || images.front.length > 0)
      cards.push({
        front: clip(first),
        back: clip(rest.filter(Boolean).join('\n\n')),
        tags,
        frontImages: images.front,
        backImages: images.back,
        sounds,
      });
    if (cards.length > DECK_CARDS_MAX)
      throw badRequest(M.tooManyCards(DECK_CARDS_MAX), DECK_ERROR_CODES.tooManyCards);
  }
  return cards.filter((card) => card.front.trim() || card.frontImages.length > 0);
}

const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
const isZstd = (bytes: Uint8Array) => ZSTD_MAGIC.every((byte, index) => bytes[index] === byte);

/**
 * Anki 2.1.50+'s media map: a protobuf `MediaEntries { repeated MediaEntry entries = 1; }`, each
 * `MediaEntry { string name = 1; uint32 size = 2; bytes sha1 = 3; optional uint32 legacy_zip_filename = 255; }`;
 * the zip entry of the n-th is named `n` (or its legacy number). Read by a few lines of varint decoding.
 */
function protobufMediaEntries(bytes: Uint8Array): Map<string, string> {
  const entries = new Map<string, string>();
  let at = 0;
  const varint = (end: number): number => {
    let value = 0;
    for (let shift = 0; shift < 64 && at < end; shift += 7) {
      const byte = bytes[at++] as number;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    throw new RangeError('bad varint');
  };
  const skip = (wireType: number, end: number) => {
    if (wireType === 0) varint(end);
    else if (wireType === 1) at += 8;
    else if (wireType === 2) {
      const length = varint(end); // first: `at += varint()` would add to `at` as it was before the read
      at += length;
    } else if (wireType === 5) at += 4;
    else throw new RangeError('bad wire type');
  };
  let index = 0;
  while (at < bytes.length) {
    const key = varint(bytes.length);
    if (key !== ((1 << 3) | 2)) {
      skip(key % 8, bytes.length);
      continue;
    }
    const size = varint(bytes.length);
    const end = at + size;
    let name = '';
    let legacy: number | undefined;
    while (at < end) {
      const field = varint(end);
      if (field === ((1 << 3) | 2)) {
        const length = varint(end);
        name = new TextDecoder().decode(bytes.subarray(at, at + length));
        at += length;
      } else if (field === ((255 << 3) | 0)) legacy = varint(end);
      else skip(field % 8, end);
    }
    if (name) entries.set(name, String(legacy ?? index));
    index += 1;
  }
  return entries;
}

/**
 * The package's media map, by name the zip entry that holds it: Anki 2.1's JSON object
 * (`{"0": "name.jpg"}`), or 2.1.50+'s zstd-compressed protobuf list.
 */
function mediaEntries(files: Record<string, Uint8Array>): Map<string, string> {
  const entries = new Map<string, string>();
  const map = files.media;
  if (!map || map.length === 0) return entries;
  try {
    if (isZstd(map)) {
      const list = zstdDecompress(map);
      return list ? protobufMediaEntries(list) : entries;
    }
    const parsed = JSON.parse(new TextDecoder().decode(map)) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return entries;
    for (const [entry, name] of Object.entries(parsed)) {
      if (typeof name === 'string' && /^\d+$/.test(entry)) entries.set(name, entry);
    }
  } catch {
    // An unreadable map: the cards keep their text, their images are counted as left out.
  }
  return entries;
}

/**
 * The images the cards name, read from the package: only JPG, PNG, WebP and GIF names the map has,
 * each at most the photos' size, at most DECK_IMAGES_MAX; every other name the cards use is counted.
 * (The bytes are only candidates: the service stores them through the image checks.)
 */
function cardImages(
  bytes: Uint8Array,
  files: Record<string, Uint8Array>,
  cards: ImportedCard[],
): { images: Map<string, Uint8Array>; mediaSkipped: number } {
  const named = [...new Set(cards.flatMap((card) => [...card.frontImages, ...card.backImages]))];
  const entries = mediaEntries(files);
  const wanted = new Map<string, string>();
  for (const name of named) {
    const entry = entries.get(name);
    if (entry && IMAGE_EXTENSION.test(name) && wanted.size < DECK_IMAGES_MAX) wanted.set(entry, name);
  }
  const images = new Map<string, Uint8Array>();
  if (wanted.size > 0) {
    let total = 0;
    try {
      const found = fflate().unzipSync(bytes, {
        filter: (file) => {
          if (!wanted.has(file.name) || file.originalSize > MEDIA_MAX_BYTES) return false;
          total += file.originalSize;
          return total <= IMAGES_TOTAL_MAX;
        },
      });
      let inflated = 0;
      for (const [entry, content] of Object.entries(found)) {
        const name = wanted.get(entry);
        // Anki 2.1.50+ compresses each media file with zstd too.
        const image = isZstd(content) ? zstdDecompress(content) : content;
        if (!name || !image || image.length === 0 || image.length > MEDIA_MAX_BYTES) continue;
        inflated += image.length;
        if (inflated > IMAGES_TOTAL_MAX) break;
        images.set(name, image);
      }
    } catch {
      // An unreadable media entry: its cards keep their text.
    }
  }
  return { images, mediaSkipped: named.length - images.size };
}

/** The deck in an .apkg's bytes; `fallbackName` (the file's) when the collection names none. */
export async function readApkg(bytes: Uint8Array, fallbackName: string): Promise<ImportedDeck> {
  const files = unzip(bytes);
  const collection = collectionOf(files);
  const SQL = await sqlite();
  let db: Database;
  try {
    db = new SQL.Database(collection);
  } catch {
    throw invalid(M.unreadableCollection);
  }
  try {
    const cards = (() => {
      try {
        return cardsOf(db);
      } catch (error) {
        if (error instanceof Error && error.name === 'AppError') throw error;
        throw invalid(M.unreadableCollection);
      }
    })();
    const media = cardImages(bytes, files, cards);
    // A card with no text shows its image; one whose image is not in the package shows nothing.
    const shown = cards.filter(
      (card) => card.front.trim() || card.frontImages.some((image) => media.images.has(image)),
    );
    if (shown.length === 0) throw invalid(M.emptyDeck);
    return {
      name: deckName(db, fallbackName),
      cards: shown,
      ...media,
      mediaSkipped: media.mediaSkipped + countSounds(cards),
    };
  } finally {
    db.close();
  }
}
