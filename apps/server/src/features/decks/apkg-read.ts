import { CARD_SIDE_MAX, DECK_CARDS_MAX, DECK_ERROR_CODES, DECK_MESSAGES } from '@estudai/contract';
import { unzipSync } from 'fflate';
import type { Database } from 'sql.js';
import { FIELD_SEPARATOR } from '../../lib/anki/anki-schema.ts';
import { sqlite } from '../../lib/anki/sqlite.ts';
import { badRequest } from '../../lib/errors.ts';
import { htmlToText } from './html-text.ts';
import { ZSTD_OUTPUT_MAX, zstdDecompress } from './zstd.ts';

// Reads an Anki package (.apkg) into plain-text cards: basic notes give one card (first field on
// the front, the others on the back), cloze notes one card per cloze number. Media is not imported.
// Every way a file can be wrong is a 400 with a pt-BR reason; nothing is stored here.
// Anki 2.1.50+ exports `collection.anki21b` (SQLite of schema 18, Zstandard-compressed) beside a
// `collection.anki2` stub whose one note asks to update Anki: the anki21b, when present, is the deck.

export interface ImportedCard {
  front: string;
  back: string;
  tags: string[];
}

export interface ImportedDeck {
  name: string;
  cards: ImportedCard[];
}

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
    // Only the collection is read; media files are left compressed. fflate inflates into a buffer
    // of the size the zip declares, so a declared size within the bound bounds what comes out.
    files = unzipSync(bytes, {
      filter: (file) => {
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

/** The cards of one cloze note: card n hides cloze n ([...] or its hint) and shows the others. */
function clozeCards(text: string, extra: string, tags: string[]): ImportedCard[] {
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
  }));
}

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
    const fields = String(note.flds ?? '')
      .split(FIELD_SEPARATOR)
      .map(htmlToText);
    const tags = String(note.tags ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 20);
    const [first = '', ...rest] = fields;
    const isCloze = types.get(String(note.mid))?.isCloze ?? /\{\{c\d+::/.test(first);
    if (isCloze) cards.push(...clozeCards(first, rest.filter(Boolean).join('\n\n'), tags));
    else if (first) cards.push({ front: clip(first), back: clip(rest.filter(Boolean).join('\n\n')), tags });
    if (cards.length > DECK_CARDS_MAX)
      throw badRequest(M.tooManyCards(DECK_CARDS_MAX), DECK_ERROR_CODES.tooManyCards);
  }
  return cards.filter((card) => card.front.trim());
}

/** The deck in an .apkg's bytes; `fallbackName` (the file's) when the collection names none. */
export async function readApkg(bytes: Uint8Array, fallbackName: string): Promise<ImportedDeck> {
  const collection = collectionOf(unzip(bytes));
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
    if (cards.length === 0) throw invalid(M.emptyDeck);
    return { name: deckName(db, fallbackName), cards };
  } finally {
    db.close();
  }
}
