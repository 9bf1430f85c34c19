import { zipSync } from 'fflate';
import initSqlJs from 'sql.js';
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

export async function buildApkg(
  notes: FixtureNote[],
  deckName = 'Farmacologia::Antibióticos',
): Promise<Buffer> {
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
  const bytes = db.export();
  db.close();
  return Buffer.from(zipSync({ 'collection.anki2': bytes, media: new TextEncoder().encode('{}') }));
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
