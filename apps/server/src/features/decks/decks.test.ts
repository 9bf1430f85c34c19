import { readFile } from 'node:fs/promises';
import { DECK_MESSAGES, type DueFlashcard, decksListSchema, dueCardsSchema } from '@estudai/contract';
import { count } from 'drizzle-orm';
import { unzipSync, zipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { createEmptyCard, fsrs, generatorParameters, Rating } from 'ts-fsrs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apkgForm, buildApkg } from '../../../test/anki.ts';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { plansOf } from '../../../test/plans.ts';
import type { Tx } from '../../db/client.ts';
import { deckCards, decks } from '../../db/schema/index.ts';
import { countDueCards, listDueCards, nextCardDueAfter } from './decks.queries.ts';

// Issue 42: the caderno out to Anki and CSV; Anki decks in as flashcards reviewed with FSRS in
// 'Revisão de hoje'; decks shared with a group; members' suggestions for the teacher.

type User = Awaited<ReturnType<typeof createUser>>;
let t: TestApp;
let carla: User;
let ana: User;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  carla = await createUser(t.app, { userType: 'professor' });
  ana = await createUser(t.app);
  cookie = await signedInAs(t.app, ana);
});
afterAll(async () => {
  await t.app.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie: as } });
const importDeck = (content: Buffer, as = cookie, filename?: string) => {
  const form = apkgForm(content, filename);
  return t.app.inject({
    method: 'POST',
    url: '/api/decks/import',
    payload: form.payload,
    headers: { ...form.headers, cookie: as },
  });
};
const decksCount = async () => (await t.app.ctx.database.db.select({ n: count() }).from(decks))[0]?.n ?? 0;
const cardsCount = async () =>
  (await t.app.ctx.database.db.select({ n: count() }).from(deckCards))[0]?.n ?? 0;
const dueCards = async (as = cookie) => {
  const due = dueCardsSchema.parse((await call('GET', '/api/reviews/due', undefined, as)).json());
  return due.data.filter((item): item is DueFlashcard => item.kind === 'card');
};

/** `card` reviewed 'good' through the caderno's own call, scheduled exactly as ts-fsrs does. */
async function reviewedWithFsrs(card: DueFlashcard) {
  const reference = fsrs(generatorParameters({ request_retention: 0.9, enable_fuzz: false }));
  const created = new Date(card.createdAt);
  const reviewedAt = new Date(created.getTime() + 1);
  const expected = reference.next(createEmptyCard(created), reviewedAt, Rating.Good).card;
  const clientId = crypto.randomUUID();
  const review = await call('POST', `/api/reviews/${card.id}`, {
    rating: 'good',
    clientId,
    reviewedAt: reviewedAt.toISOString(),
  });
  expect(review.statusCode).toBe(201);
  expect(review.json().data).toMatchObject({
    entryId: card.id,
    applied: true,
    due: expected.due.toISOString(),
    state: 'learning',
    reps: 1,
  });
  return { clientId, expected };
}

/** Ana answers a question of Carla's wrong: it lands in her caderno; she writes why. */
async function wrongEntry(questionData: Record<string, unknown>, note: string) {
  const question = await createPost(t.app, carla, { type: 'question', questionData: questionData as never });
  expect((await call('POST', `/api/posts/${question.id}/answer`, { optionIndex: 0 })).statusCode).toBe(201);
  const notebook = (await call('GET', '/api/notebook')).json().data as {
    id: string;
    question: { postId: string };
  }[];
  const entry = notebook.find((item) => item.question.postId === question.id);
  if (!entry) throw new Error('no caderno entry');
  if (note) expect((await call('PATCH', `/api/notebook/${entry.id}`, { note })).statusCode).toBe(200);
  return entry;
}

describe('GET /api/notebook/export', () => {
  it('gives an .apkg Anki opens: one note per caderno entry, front, back and tags', async () => {
    await wrongEntry(
      {
        question: 'Qual organela faz a respiração celular?',
        options: ['Ribossomo', 'Mitocôndria', 'Lisossomo'],
        correctAnswer: 1,
        explanation: 'A mitocôndria produz ATP.',
        subject: 'biologia',
        topic: 'Citologia',
      },
      'Confundi com o ribossomo <b>de novo</b>',
    );
    await wrongEntry(
      { question: 'Quanto é 7 × 8?', options: ['54', '56'], correctAnswer: 1, subject: 'matematica' },
      '',
    );
    const res = await call('GET', '/api/notebook/export?format=apkg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('caderno-de-erros.apkg');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['collection.anki2', 'media']);
    expect(new TextDecoder().decode(files.media)).toBe('{}');

    const SQL = await initSqlJs();
    const db = new SQL.Database(files['collection.anki2']);
    const [col] = db.exec('SELECT ver, models, decks FROM col');
    expect(col?.values[0]?.[0]).toBe(11);
    const models = JSON.parse(String(col?.values[0]?.[1]));
    const model = Object.values(models)[0] as { flds: { name: string }[]; tmpls: unknown[] };
    expect(model.flds.map((field) => field.name)).toEqual(['Frente', 'Verso']);
    expect(JSON.stringify(JSON.parse(String(col?.values[0]?.[2])))).toContain(DECK_MESSAGES.exportDeckName);
    const notes = db.exec('SELECT flds, tags, mid, guid FROM notes ORDER BY id')[0]?.values ?? [];
    expect(notes).toHaveLength(2);
    const [bio, math] = notes.map(([flds, tags, mid]) => ({
      fields: String(flds).split('\u001f'),
      tags: String(tags).trim().split(' '),
      mid: String(mid),
    }));
    expect(bio?.fields[0]).toBe(
      'Qual organela faz a respiração celular?<br><br>A) Ribossomo<br>B) Mitocôndria<br>C) Lisossomo',
    );
    expect(bio?.fields[1]).toBe(
      'Gabarito: B) Mitocôndria<br><br>Explicação: A mitocôndria produz ATP.<br><br>Por que errei? Confundi com o ribossomo &lt;b&gt;de novo&lt;/b&gt;',
    );
    expect(bio?.tags).toEqual(['materia::biologia', 'assunto::Citologia']);
    expect(bio?.mid).toBe(Object.keys(models)[0]);
    expect(math?.fields).toEqual(['Quanto é 7 × 8?<br><br>A) 54<br>B) 56', 'Gabarito: B) 56']);
    expect(math?.tags).toEqual(['materia::matematica']);
    const cards = db.exec('SELECT nid, ord, type, queue FROM cards')[0]?.values ?? [];
    expect(cards).toHaveLength(2);
    expect(cards.every(([, ord, type, queue]) => ord === 0 && type === 0 && queue === 0)).toBe(true);
    db.close();
  });

  it('gives a CSV with a header and one line per entry', async () => {
    await wrongEntry(
      {
        question: 'Capital do Brasil?',
        options: ['Rio', 'Brasília'],
        correctAnswer: 1,
        subject: 'geografia',
      },
      'Distração',
    );
    const res = await call('GET', '/api/notebook/export?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'enunciado;alternativas;gabarito;explicacao;por_que_errei;materia;assunto;banca;ano',
    );
    expect(lines[1]).toBe('Capital do Brasil?;"A) Rio\nB) Brasília";B;;Distração;Geografia;;;');
  });

  it('refuses an unknown format (400) and a signed-out caller (401)', async () => {
    const res = await call('GET', '/api/notebook/export?format=pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(DECK_MESSAGES.formatInvalid);
    expect((await t.app.inject({ method: 'GET', url: '/api/notebook/export?format=csv' })).statusCode).toBe(
      401,
    );
  });
});

const fixture = () =>
  buildApkg([
    {
      type: 'basic',
      fields: [
        '<b>Penicilina</b>&nbsp;age em?<script>alert(1)</script>',
        'Parede celular<br>(peptidoglicano)',
      ],
      tags: ['farmaco', 'beta-lactamicos'],
    },
    {
      type: 'cloze',
      fields: ['A {{c1::vancomicina}} trata {{c2::MRSA::bactéria}}.', '<i>Nefrotóxica</i>'],
    },
    { type: 'basic', fields: ['<img src="x.png">', ''] },
  ]);

describe('POST /api/decks/import', () => {
  it('imports basic and cloze notes as plain-text cards: listed, due and reviewed with FSRS', async () => {
    const res = await importDeck(await fixture());
    expect(res.statusCode).toBe(201);
    const { deckId, cards } = res.json();
    expect(cards).toBe(3);

    const list = decksListSchema.parse((await call('GET', '/api/decks')).json());
    expect(list.data).toEqual([
      expect.objectContaining({
        id: deckId,
        name: 'Farmacologia › Antibióticos',
        cardsCount: 3,
        dueCount: 3,
        isOwner: true,
        sharedGroup: null,
      }),
    ]);

    const due = await dueCards();
    expect(due.map(({ front, back }) => ({ front, back }))).toEqual([
      { front: 'Penicilina age em?', back: 'Parede celular\n(peptidoglicano)' },
      { front: 'A [...] trata MRSA.', back: 'A vancomicina trata MRSA.\n\nNefrotóxica' },
      { front: 'A vancomicina trata [bactéria].', back: 'A vancomicina trata MRSA.\n\nNefrotóxica' },
    ]);
    expect(due.every((card) => card.deckId === deckId && card.card.state === 'new')).toBe(true);

    // Reviewed through the caderno's own call, exactly as ts-fsrs schedules it.
    const [first] = due;
    if (!first) throw new Error('no card');
    const { clientId, expected } = await reviewedWithFsrs(first);
    // The same review again changes nothing.
    const again = await call('POST', `/api/reviews/${first.id}`, { rating: 'good', clientId });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.applied).toBe(false);

    const after = dueCardsSchema.parse((await call('GET', '/api/reviews/due')).json());
    expect(after.count).toBe(2);
    expect(after.data.map((item) => item.id)).not.toContain(first.id);
    expect(after.nextDueAt).toBe(expected.due.toISOString());

    // 'Desfazer' puts the card back as it was.
    const undo = await call('DELETE', `/api/reviews/${first.id}/${clientId}`);
    expect(undo.statusCode).toBe(200);
    expect(undo.json().data).toMatchObject({ state: 'new', reps: 0 });
    expect((await dueCards()).map((card) => card.id)).toContain(first.id);

    // Only its owner deletes a deck; its cards leave the review with it.
    const carlaCookie = await signedInAs(t.app, carla);
    expect((await call('DELETE', `/api/decks/${deckId}`, undefined, carlaCookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/decks/${deckId}`)).statusCode).toBe(200);
    expect(await dueCards()).toEqual([]);
    expect(await cardsCount()).toBe(0);
  });

  it('shows a card due beside the caderno entries, oldest due first, each with its kind', async () => {
    await wrongEntry({ question: 'Questão antiga?', options: ['a', 'b'], correctAnswer: 1 }, '');
    expect((await importDeck(await fixture())).statusCode).toBe(201);
    const due = dueCardsSchema.parse((await call('GET', '/api/reviews/due')).json());
    expect(due.count).toBe(4);
    expect(due.data.map((item) => item.kind)).toEqual(['entry', 'card', 'card', 'card']);
  });

  it('refuses a file that is not a zip, a zip without a collection, and a corrupt collection, storing nothing', async () => {
    const notZip = await importDeck(Buffer.from('isto não é um baralho'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json()).toEqual({ error: DECK_MESSAGES.notAZip, code: 'INVALID_DECK' });

    const noCollection = await importDeck(Buffer.from(zipSync({ media: new TextEncoder().encode('{}') })));
    expect(noCollection.statusCode).toBe(400);
    expect(noCollection.json().error).toBe(DECK_MESSAGES.noCollection);

    const corrupt = await importDeck(
      Buffer.from(zipSync({ 'collection.anki2': new TextEncoder().encode('SQLite? não') })),
    );
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().error).toBe(DECK_MESSAGES.unreadableCollection);

    const empty = await importDeck(await buildApkg([{ type: 'basic', fields: ['<img src="a.png">', 'x'] }]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(DECK_MESSAGES.emptyDeck);
    expect(await decksCount()).toBe(0);
  });

  it('refuses a file over 10 MB (413) and a deck over 5,000 cards (400), storing nothing', async () => {
    const big = await importDeck(Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe(DECK_MESSAGES.tooLarge);

    const many = await buildApkg(
      Array.from({ length: 2501 }, (_, i) => ({
        type: 'cloze' as const,
        fields: [`{{c1::a${i}}} e {{c2::b${i}}}`, ''],
      })),
    );
    const res = await importDeck(many);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(DECK_MESSAGES.tooManyCards(5000));
    expect(await decksCount()).toBe(0);
    expect(await cardsCount()).toBe(0);
  });

  it('needs a signed-in user and a file part', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/decks/import' })).statusCode).toBe(401);
    const res = await call('POST', '/api/decks/import', { file: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(DECK_MESSAGES.fileRequired);
  });
});

describe('POST /api/decks/import of an Anki 2.1.50+ package (collection.anki21b)', () => {
  // Anki's default export: zstd-compressed schema 18, beside a collection.anki2 stub (see the
  // fixture's README).
  const modern = () =>
    readFile(new URL('../../../test/fixtures/anki/microbiologia-anki21b.apkg', import.meta.url));
  const repack = async (change: (files: Record<string, Uint8Array>) => void) => {
    const files = unzipSync(new Uint8Array(await modern()));
    change(files);
    return Buffer.from(zipSync(files));
  };

  it('imports the zstd collection, not the stub beside it, with note types from `notetypes`; its cards review with FSRS', async () => {
    const res = await importDeck(await modern());
    expect(res.statusCode).toBe(201);
    const { deckId, cards } = res.json();
    expect(cards).toBe(4);
    const list = decksListSchema.parse((await call('GET', '/api/decks')).json());
    expect(list.data).toEqual([expect.objectContaining({ id: deckId, name: 'Microbiologia › Bactérias' })]);

    const due = await dueCards();
    expect(due.map(({ front, back }) => ({ front, back }))).toEqual([
      { front: 'Staphylococcus aureus é gram?', back: 'Positivo (cocos em cachos)' },
      {
        front: 'O [...] causa a tuberculose.',
        back: 'O bacilo de Koch causa a tuberculose.\n\nZiehl-Neelsen',
      },
      {
        front: 'O bacilo de Koch causa a [doença].',
        back: 'O bacilo de Koch causa a tuberculose.\n\nZiehl-Neelsen',
      },
      // A basic note type (its config's kind is 0): the cloze syntax stays text.
      { front: 'No Anki, {{c1::texto}} marca uma lacuna', back: 'Só no tipo Omissão de palavras' },
    ]);
    const [first] = due;
    if (!first) throw new Error('no card');
    await reviewedWithFsrs(first);
    expect((await dueCards()).map((card) => card.id)).not.toContain(first.id);
  });

  it('reads a package holding only collection.anki21b', async () => {
    const res = await importDeck(
      await repack((files) => {
        delete files['collection.anki2'];
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().cards).toBe(4);
  });

  it('refuses a corrupt or oversized zstd collection with a 400 in pt-BR, never the stub, storing nothing', async () => {
    const broken = [
      // Not zstd at all.
      (bytes: Uint8Array) => new TextEncoder().encode(`zstd? não ${bytes.length}`),
      // Cut short in the middle of a block.
      (bytes: Uint8Array) => bytes.slice(0, Math.floor(bytes.length / 2)),
      // Garbage inside the compressed block: the frame's headers are sound, its content is not.
      (bytes: Uint8Array) => {
        const copy = bytes.slice();
        copy.fill(0xff, 12, 60);
        return copy;
      },
      // A bomb: 810 RLE blocks of 128 KiB, 3 kB that would be 101 MiB.
      () => {
        const block = 1 | (1 << 1) | (128 * 1024 * 8);
        const blocks = Array.from({ length: 810 }, (_, i) => {
          const header = i === 809 ? block : block - 1;
          return [header & 0xff, (header >> 8) & 0xff, header >> 16, 0x41];
        });
        return new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38, ...blocks.flat()]);
      },
      // A bomb only decoding reveals: 10 kB of compressed blocks that would be 108 MB.
      () => new Uint8Array(bomb),
    ];
    const bomb = await readFile(new URL('../../../test/fixtures/anki/zstd-bomb.zst', import.meta.url));
    for (const corrupt of broken) {
      const res = await importDeck(
        await repack((files) => {
          files['collection.anki21b'] = corrupt(files['collection.anki21b'] ?? new Uint8Array());
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: DECK_MESSAGES.unreadableCollection, code: 'INVALID_DECK' });
    }
    expect(await decksCount()).toBe(0);
    expect(await cardsCount()).toBe(0);
  });
});

describe('shared decks and suggestions', () => {
  async function carlasSharedDeck() {
    const carlaCookie = await signedInAs(t.app, carla);
    const group = await createGroup(t.app, carla);
    await addMember(t.app, group, ana);
    const { deckId } = (await importDeck(await fixture(), carlaCookie)).json();
    const share = await call('POST', `/api/decks/${deckId}/share`, { groupId: group.id }, carlaCookie);
    expect(share.statusCode).toBe(200);
    expect(share.json().data.sharedGroup).toEqual({ id: group.id, name: group.name });
    return { carlaCookie, group, deckId: deckId as string };
  }

  it('a teacher shares a deck with their group: members see and review it with their own schedule', async () => {
    const { deckId, carlaCookie } = await carlasSharedDeck();
    const list = decksListSchema.parse((await call('GET', '/api/decks')).json());
    expect(list.data).toEqual([expect.objectContaining({ id: deckId, isOwner: false, dueCount: 3 })]);
    const [card] = await dueCards();
    if (!card) throw new Error('no card');
    const res = await call('POST', `/api/reviews/${card.id}`, {
      rating: 'easy',
      clientId: crypto.randomUUID(),
    });
    expect(res.statusCode).toBe(201);
    // Carla's schedule is hers: all three still due for her.
    expect(await dueCards(carlaCookie)).toHaveLength(3);
    expect(await dueCards()).toHaveLength(2);

    const stranger = await signedInAs(t.app, await createUser(t.app));
    expect((await call('GET', '/api/decks', undefined, stranger)).json().data).toEqual([]);
    expect(await dueCards(stranger)).toEqual([]);
    const strangerReview = await call(
      'POST',
      `/api/reviews/${card.id}`,
      { rating: 'good', clientId: crypto.randomUUID() },
      stranger,
    );
    expect(strangerReview.statusCode).toBe(404);
  });

  it("refuses sharing to a group one does not teach (403) and someone else's deck (404)", async () => {
    const { deckId } = (await importDeck(await fixture())).json();
    const othersGroup = await createGroup(t.app, carla);
    await addMember(t.app, othersGroup, ana);
    const res = await call('POST', `/api/decks/${deckId}/share`, { groupId: othersGroup.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(DECK_MESSAGES.shareForbidden);

    const carlaCookie = await signedInAs(t.app, carla);
    const notHers = await call(
      'POST',
      `/api/decks/${deckId}/share`,
      { groupId: othersGroup.id },
      carlaCookie,
    );
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json().error).toBe(DECK_MESSAGES.deckNotFound);
    expect((await t.app.ctx.database.db.select().from(decks))[0]?.sharedGroupId).toBeNull();
  });

  it('members suggest edits; the teacher accepts one (the card changes for all) and rejects another', async () => {
    const { deckId, carlaCookie } = await carlasSharedDeck();
    const card = (await dueCards()).find((item) => item.front === 'Penicilina age em?');
    if (!card) throw new Error('no card');
    const suggestion = await call('POST', `/api/cards/${card.id}/suggestions`, {
      front: 'Onde age a penicilina?',
      back: 'Na síntese da parede celular',
    });
    expect(suggestion.statusCode).toBe(201);
    const other = await call('POST', `/api/cards/${card.id}/suggestions`, { front: 'x', back: 'y' });

    const stranger = await signedInAs(t.app, await createUser(t.app));
    const refused = await call(
      'POST',
      `/api/cards/${card.id}/suggestions`,
      { front: 'a', back: 'b' },
      stranger,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe(DECK_MESSAGES.cardNotFound);
    const blank = await call('POST', `/api/cards/${card.id}/suggestions`, { front: ' ', back: 'b' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(DECK_MESSAGES.sideRequired);

    const decksOfCarla = decksListSchema.parse(
      (await call('GET', '/api/decks', undefined, carlaCookie)).json(),
    );
    expect(decksOfCarla.data[0]?.pendingSuggestions).toBe(2);
    const pending = await call('GET', `/api/decks/${deckId}/suggestions`, undefined, carlaCookie);
    expect(pending.json().data).toEqual([
      expect.objectContaining({
        cardId: card.id,
        front: 'Onde age a penicilina?',
        currentFront: 'Penicilina age em?',
        author: { id: ana.id, name: ana.displayName },
      }),
      expect.objectContaining({ front: 'x' }),
    ]);
    // Only the owner answers.
    expect((await call('GET', `/api/decks/${deckId}/suggestions`)).statusCode).toBe(404);
    const id = suggestion.json().data.id;
    expect((await call('POST', `/api/card-suggestions/${id}/accept`)).statusCode).toBe(404);

    const accepted = await call('POST', `/api/card-suggestions/${id}/accept`, undefined, carlaCookie);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.status).toBe('accepted');
    const rejected = await call(
      'POST',
      `/api/card-suggestions/${other.json().data.id}/reject`,
      undefined,
      carlaCookie,
    );
    expect(rejected.json().data.status).toBe('rejected');
    const again = await call('POST', `/api/card-suggestions/${id}/reject`, undefined, carlaCookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(DECK_MESSAGES.suggestionDecided);

    const updated = (await dueCards()).find((item) => item.id === card.id);
    expect(updated).toMatchObject({ front: 'Onde age a penicilina?', back: 'Na síntese da parede celular' });
  });
});

describe("'Revisão de hoje''s flashcard reads, planned once per connection (issue 41)", () => {
  const now = new Date();
  const cases: [string, (tx: Tx) => Promise<unknown>, string][] = [
    ['the due cards', (tx) => listDueCards(tx, ana.id, now, 21), '%order by coalesce(%'],
    ['the due count', (tx) => countDueCards(tx, ana.id, now), '%select count(*) from "deck_cards"%) <= $%'],
    ['the next due', (tx) => nextCardDueAfter(tx, ana.id, now), '%select min(coalesce(%'],
  ];
  it.each(cases)('%s', async (_name, read, pattern) => {
    expect((await importDeck(await fixture())).statusCode).toBe(201);
    const plans = await plansOf(t.app.ctx.database, read, pattern);
    expect(plans).toHaveLength(1);
    expect(plans[0]?.generic_plans).toBeGreaterThanOrEqual(2);
  });
});
