import { createHash } from 'node:crypto';
import { lazyModule } from '../lazy-module.ts';

const fflate = lazyModule<typeof import('fflate')>('fflate');

import { ANKI_SCHEMA, FIELD_SEPARATOR } from './anki-schema.ts';
import { sqlite } from './sqlite.ts';

// Writes an Anki package (.apkg): a zip of `collection.anki2` (SQLite, schema 11) and `media` (a
// JSON map of media files; none here). One note type 'Estudaí' with the fields Frente and Verso,
// one card per note, every card new. Pure over its input: ids come from `now` and the note's index.

export interface AnkiNote {
  /** A stable id of the source (the caderno entry's): Anki recognises the note on a second import. */
  sourceId: string;
  /** HTML of the front and of the back. */
  front: string;
  back: string;
  tags: string[];
}

const MODEL_ID = 1_700_000_042_001;
const DECK_ID = 1_700_000_042_002;
const CSS =
  '.card { font-family: arial; font-size: 20px; text-align: left; color: black; background-color: white; }';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Plain text as Anki HTML: escaped, line breaks as <br>. */
export const textToAnkiHtml = (text: string) => escapeHtml(text).replaceAll('\n', '<br>');

/** A tag as Anki takes it: no spaces (they separate tags). */
const ankiTag = (text: string) =>
  text
    .normalize('NFC')
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^\p{L}\p{N}_:-]/gu, '');

/** Anki's checksum of a note's first field: the first 8 hex digits of its SHA-1, as a number. */
const fieldChecksum = (text: string) =>
  Number.parseInt(createHash('sha1').update(text, 'utf8').digest('hex').slice(0, 8), 16);

/** A stable guid per source id (Anki uses it to update rather than duplicate a re-imported note). */
const guidOf = (sourceId: string) =>
  createHash('sha1').update(`estudai:${sourceId}`).digest('base64').slice(0, 10);

const stripHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function models(nowSeconds: number) {
  const field = (name: string, ord: number) => ({
    name,
    ord,
    sticky: false,
    rtl: false,
    font: 'Arial',
    size: 20,
    media: [],
  });
  return {
    [MODEL_ID]: {
      id: MODEL_ID,
      name: 'Estudaí',
      type: 0,
      mod: nowSeconds,
      usn: -1,
      sortf: 0,
      did: DECK_ID,
      tmpls: [
        {
          name: 'Cartão 1',
          ord: 0,
          qfmt: '{{Frente}}',
          afmt: '{{FrontSide}}<hr id=answer>{{Verso}}',
          did: null,
          bqfmt: '',
          bafmt: '',
        },
      ],
      flds: [field('Frente', 0), field('Verso', 1)],
      css: CSS,
      latexPre:
        '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
      latexPost: '\\end{document}',
      tags: [],
      vers: [],
      req: [[0, 'any', [0]]],
    },
  };
}

function decks(name: string, nowSeconds: number) {
  const deck = (id: number, deckName: string) => ({
    id,
    name: deckName,
    desc: '',
    mod: nowSeconds,
    usn: -1,
    collapsed: false,
    conf: 1,
    dyn: 0,
    extendNew: 10,
    extendRev: 50,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  });
  return { 1: deck(1, 'Default'), [DECK_ID]: deck(DECK_ID, name) };
}

const DECK_CONF = {
  1: {
    id: 1,
    name: 'Default',
    mod: 0,
    usn: 0,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: {
      delays: [1, 10],
      ints: [1, 4, 7],
      initialFactor: 2500,
      order: 1,
      perDay: 20,
      bury: true,
      separate: true,
    },
    lapse: { delays: [10], mult: 0, minInt: 1, leechFails: 8, leechAction: 0 },
    rev: { perDay: 200, ease4: 1.3, fuzz: 0.05, minSpace: 1, ivlFct: 1, maxIvl: 36500, bury: true },
  },
};

/** The .apkg bytes of a deck named `deckName` holding `notes`. */
export async function writeApkg(
  deckName: string,
  notes: readonly AnkiNote[],
  now: Date,
): Promise<Uint8Array> {
  const SQL = await sqlite();
  const db = new SQL.Database();
  try {
    const nowMs = now.getTime();
    const nowSeconds = Math.floor(nowMs / 1000);
    db.run(ANKI_SCHEMA);
    db.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      nowSeconds,
      nowMs,
      nowMs,
      JSON.stringify({
        nextPos: notes.length + 1,
        curDeck: DECK_ID,
        curModel: String(MODEL_ID),
        activeDecks: [DECK_ID],
      }),
      JSON.stringify(models(nowSeconds)),
      JSON.stringify(decks(deckName, nowSeconds)),
      JSON.stringify(DECK_CONF),
      '{}',
    ]);
    const insertNote = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)');
    const insertCard = db.prepare(
      'INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?)',
    );
    notes.forEach((note, index) => {
      // Anki's ids are milliseconds; one apart per note keeps them unique and in order.
      const noteId = nowMs + index;
      const tags = note.tags.map(ankiTag).filter(Boolean);
      const sortField = stripHtml(note.front);
      insertNote.run([
        noteId,
        guidOf(note.sourceId),
        MODEL_ID,
        nowSeconds,
        tags.length > 0 ? ` ${tags.join(' ')} ` : '',
        [note.front, note.back].join(FIELD_SEPARATOR),
        sortField,
        fieldChecksum(sortField),
        '',
      ]);
      insertCard.run([noteId, noteId, DECK_ID, nowSeconds, index + 1, '']);
    });
    insertNote.free();
    insertCard.free();
    const collection = db.export();
    return fflate().zipSync({ 'collection.anki2': collection, media: new TextEncoder().encode('{}') });
  } finally {
    db.close();
  }
}
