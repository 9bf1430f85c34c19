import { zipSync } from 'fflate';
import initSqlJs, { type Database } from 'sql.js';
import { ANKI_SCHEMA } from '../src/lib/anki/anki-schema.ts';

// A small Anki package made the way Anki 2.1 exports one ("support older Anki versions"): a zip
// of `collection.anki2` (schema 11) and `media`, with a basic and a cloze note type.

export interface FixtureNote {
  /** 'basic' (Front, Back) or 'cloze' (Text, Back Extra). */
  type: 'basic' | 'cloze';
  fields: string[];
  tags?: string[];
}

const BASIC_ID = 1_342_697_561_419;
const CLOZE_ID = 1_342_697_561_420;
const DECK_ID = 1_500_000_000_001;

/**
 * The package; `media` (name → bytes) as Anki 2.1 keeps it: numbered entries `0`, `1`… and the
 * `media` JSON map `{"0": "name.png"}` (issue 42's card images).
 */
export async function buildApkg(
  notes: FixtureNote[],
  deckName = 'Farmacologia::Antibióticos',
  media: Record<string, Uint8Array> = {},
): Promise<Buffer> {
  const bytes = await buildCollection11(notes, deckName);
  const names = Object.keys(media);
  const map = Object.fromEntries(names.map((name, index) => [String(index), name]));
  const entries = Object.fromEntries(names.map((name, index) => [String(index), media[name] as Uint8Array]));
  return Buffer.from(
    zipSync({ 'collection.anki2': bytes, media: new TextEncoder().encode(JSON.stringify(map)), ...entries }),
  );
}

/** The SQLite bytes of a schema-11 collection (`collection.anki2`) holding `notes`. */
export async function buildCollection11(notes: FixtureNote[], deckName: string): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(ANKI_SCHEMA);
  const model = (id: number, name: string, type: number, fields: string[]) => ({
    id,
    name,
    type,
    flds: fields.map((field, ord) => ({ name: field, ord })),
    tmpls: [{ name: 'Card 1', ord: 0, qfmt: `{{${fields[0]}}}`, afmt: `{{${fields[1]}}}` }],
  });
  db.run("INSERT INTO col VALUES (1, 0, 0, 0, 11, 0, 0, 0, '{}', ?, ?, '{}', '{}')", [
    JSON.stringify({
      [BASIC_ID]: model(BASIC_ID, 'Basic', 0, ['Front', 'Back']),
      [CLOZE_ID]: model(CLOZE_ID, 'Cloze', 1, ['Text', 'Back Extra']),
    }),
    JSON.stringify({ 1: { id: 1, name: 'Default' }, [DECK_ID]: { id: DECK_ID, name: deckName } }),
  ]);
  insertNotes(db, notes);
  const bytes = db.export();
  db.close();
  return bytes;
}

/** One note per FixtureNote, and one card each, in the deck DECK_ID. */
function insertNotes(db: Database, notes: FixtureNote[]) {
  notes.forEach((note, index) => {
    const id = 1_600_000_000_000 + index;
    db.run("INSERT INTO notes VALUES (?, ?, ?, 0, -1, ?, ?, '', 0, 0, '')", [
      id,
      `guid${index}`,
      note.type === 'basic' ? BASIC_ID : CLOZE_ID,
      note.tags?.length ? ` ${note.tags.join(' ')} ` : '',
      note.fields.join('\u001f'),
    ]);
    db.run("INSERT INTO cards VALUES (?, ?, ?, 0, 0, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')", [
      id,
      id,
      DECK_ID,
      index,
    ]);
  });
}

/** A multipart/form-data body with one file part named `file`, as a browser's FormData sends it. */
export function apkgForm(content: Buffer, filename = 'baralho.apkg') {
  const boundary = '----estudai-anki-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Anki 2.1.50+'s collection, schema 18 (the `collection.anki21b` of its default export, before zstd):
 * `col.models` and `col.decks` empty, the note types in `notetypes` with a protobuf `config`
 * (`Notetype.Config`: field 1 `kind`, 1 = cloze; a 0 is left out), decks in `decks` with their
 * levels split by \x1f, the file in WAL mode. Names are `COLLATE unicase`, a collation only Anki
 * defines: the tables are made without it, filled, then their recorded SQL is rewritten to Anki's,
 * as a real file has it.
 */
export async function buildCollection18(notes: FixtureNote[], deckName: string): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(ANKI_SCHEMA);
  db.run(`
    CREATE TABLE notetypes (id integer NOT NULL PRIMARY KEY, name text NOT NULL, mtime_secs integer NOT NULL,
      usn integer NOT NULL, config blob NOT NULL);
    CREATE UNIQUE INDEX idx_notetypes_name ON notetypes (name);
    CREATE TABLE fields (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL, config blob NOT NULL,
      PRIMARY KEY (ntid, ord)) without rowid;
    CREATE TABLE templates (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL,
      mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL, PRIMARY KEY (ntid, ord)) without rowid;
    CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL,
      usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL);
    CREATE UNIQUE INDEX idx_decks_name ON decks (name);
    CREATE TABLE deck_config (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL,
      usn integer NOT NULL, config blob NOT NULL);
    CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL,
      val blob NOT NULL) without rowid;
    CREATE TABLE tags (tag text NOT NULL PRIMARY KEY, usn integer NOT NULL, collapsed boolean NOT NULL,
      config blob NULL) without rowid;
  `);
  db.run("INSERT INTO col VALUES (1, 0, 0, 0, 18, 0, 0, 0, '', '', '', '', '')");
  const css = protoString(3, '.card { font-family: arial; }');
  const notetype = (id: number, name: string, kind: number, fields: string[]) => {
    // Anki writes the fields in order: `kind` (when not 0), then `css` and the rest.
    const config = new Uint8Array([...(kind ? [0x08, kind] : []), ...css]);
    db.run('INSERT INTO notetypes VALUES (?, ?, 0, 0, ?)', [id, name, config]);
    fields.forEach((field, ord) => {
      db.run('INSERT INTO fields VALUES (?, ?, ?, ?)', [id, ord, field, new Uint8Array()]);
    });
    db.run("INSERT INTO templates VALUES (?, 0, 'Cartão 1', 0, 0, ?)", [id, new Uint8Array()]);
  };
  notetype(BASIC_ID, 'Básico', 0, ['Frente', 'Verso']);
  notetype(CLOZE_ID, 'Omissão de palavras', 1, ['Texto', 'Verso extra']);
  db.run("INSERT INTO decks VALUES (1, 'Default', 0, 0, ?, ?)", [new Uint8Array(), new Uint8Array()]);
  db.run('INSERT INTO decks VALUES (?, ?, 0, 0, ?, ?)', [
    DECK_ID,
    deckName.replaceAll('::', '\u001f'),
    new Uint8Array(),
    new Uint8Array(),
  ]);
  insertNotes(db, notes);
  db.run('PRAGMA writable_schema = ON');
  for (const table of ['notetypes', 'fields', 'templates', 'decks', 'deck_config']) {
    db.run(
      "UPDATE sqlite_master SET sql = replace(sql, 'name text NOT NULL,', 'name text NOT NULL COLLATE unicase,') WHERE name = ?",
      [table],
    );
  }
  db.run(
    "UPDATE sqlite_master SET sql = replace(sql, 'tag text NOT NULL PRIMARY KEY,', 'tag text NOT NULL PRIMARY KEY COLLATE unicase,') WHERE name = 'tags'",
  );
  db.run('PRAGMA writable_schema = OFF');
  const bytes = db.export();
  db.close();
  // Anki leaves a schema-18 export in WAL mode (it sets journal_mode back to delete for schema 11
  // only): the header's file format versions say 2, as sql.js's export does not.
  bytes[18] = 2;
  bytes[19] = 2;
  return bytes;
}

/** A protobuf length-delimited field (wire type 2) holding a short UTF-8 string. */
function protoString(field: number, text: string): number[] {
  const bytes = [...new TextEncoder().encode(text)];
  if (bytes.length > 127) throw new Error('only short strings');
  return [(field << 3) | 2, bytes.length, ...bytes];
}
