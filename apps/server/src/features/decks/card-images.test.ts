import { readFile } from 'node:fs/promises';
import { type DueFlashcard, dueCardsSchema, importDeckResultSchema } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apkgForm } from '../../../test/anki.ts';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createMinor, createUser } from '../../../test/factories.ts';
import { mediaUploads } from '../../db/schema/index.ts';

// Issue 42: an Anki deck's images (the package's `media` map and numbered files, named by the cards'
// `<img src>`) become the importer's own uploads through the photos' checks, show on their side of
// the card in 'Revisão de hoje' through the image rule, and are served to whoever sees the deck.

let t: TestApp;
let carla: Awaited<ReturnType<typeof as>>;
let carlaId: string;
let groupId: string;
const fixture = () => readFile(new URL('../../../test/fixtures/anki/anatomia-imagens.apkg', import.meta.url));

beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  const teacher = await createUser(t.app, { userType: 'professor', displayName: 'Carla Professora' });
  carlaId = teacher.id;
  carla = await as(t.app, teacher);
  groupId = (await createGroup(t.app, teacher)).id;
});
afterAll(async () => {
  await t.app.close();
});

async function importAs(cookie: string) {
  const form = apkgForm(await fixture(), 'anatomia.apkg');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/decks/import',
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
  expect(res.statusCode).toBe(201);
  return importDeckResultSchema.parse(res.json());
}

const dueCards = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/reviews/due', headers: { cookie } });
  return dueCardsSchema.parse(res.json()).data.filter((item): item is DueFlashcard => item.kind === 'card');
};
/** The card whose front starts with `text` ('' for the image-only one). */
const cardOf = (cards: DueFlashcard[], text: string) =>
  cards.find((card) => (text ? card.front.startsWith(text) : card.front === ''));
const fileAt = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: cookie ? { cookie } : {} });

describe('Anki deck images', () => {
  it('stores the images the cards show as the importer’s uploads and counts the media left out', async () => {
    expect(await importAs(carla.cookie)).toMatchObject({ cards: 4, images: 2, mediaSkipped: 3 });
    const uploads = await t.app.ctx.database.db.select().from(mediaUploads);
    expect(uploads.map((upload) => [upload.uploaderId, upload.purpose, upload.sensitivity])).toEqual([
      [carlaId, 'card_image', 'pending'],
      [carlaId, 'card_image', 'pending'],
    ]);
    expect(uploads.every((upload) => /^uploads\/cards\/[a-f0-9]{32}\.webp$/.test(upload.key))).toBe(true);

    const cards = await dueCards(carla.cookie);
    const [imageOnly, heart, sinoatrial, diagram] = ['', 'Qual', 'Onde', 'Que'].map((text) =>
      cardOf(cards, text),
    );
    expect(heart).toMatchObject({ front: 'Qual câmara do coração é esta?', back: 'Ventrículo esquerdo' });
    expect(heart?.frontImages).toEqual([
      { url: expect.stringMatching(/\/media\/cards\/[a-f0-9]{32}\.webp$/), sensitivity: 'pending' },
    ]);
    expect(heart?.backImages).toEqual([
      { url: expect.stringMatching(/\/media\/cards\//), sensitivity: 'pending' },
    ]);
    expect(heart?.backImages[0]?.url).not.toBe(heart?.frontImages[0]?.url);
    // The same file named by two cards is stored once; an image-only front shows its image.
    expect(imageOnly).toMatchObject({ front: '', frontImages: heart?.frontImages, backImages: [] });
    expect(sinoatrial).toMatchObject({ frontImages: [], backImages: [] });
    expect(diagram?.front).toBe('Que estrutura o diagrama mostra?');
    expect(diagram?.frontImages).toEqual([]);

    const url = heart?.frontImages[0]?.url as string;
    const file = await fileAt(url, carla.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const stranger = await as(t.app, await createUser(t.app, { displayName: 'Sofia Estranha' }));
    expect((await fileAt(url, stranger.cookie)).statusCode).toBe(404);
    expect((await fileAt(url)).statusCode).toBe(404);
  });

  it('reads the images of an Anki 2.1.50+ package (zstd protobuf media map, zstd files)', async () => {
    const form = apkgForm(
      await readFile(new URL('../../../test/fixtures/anki/anatomia-anki21b.apkg', import.meta.url)),
      'anatomia.apkg',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/decks/import',
      payload: form.payload,
      headers: { ...form.headers, cookie: carla.cookie },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ cards: 2, images: 1, mediaSkipped: 1 });
    const heart = cardOf(await dueCards(carla.cookie), 'Qual');
    expect(heart?.frontImages).toEqual([
      { url: expect.stringMatching(/\/media\/cards\//), sensitivity: 'pending' },
    ]);
    const file = await fileAt(heart?.frontImages[0]?.url as string, carla.cookie);
    expect(file.statusCode).toBe(200);
  });

  it('shows a shared deck’s images to the group’s members, keeps a sensitive one from a minor, and deletes them with the deck', async () => {
    const { deckId } = await importAs(carla.cookie);
    expect((await carla.post(`/api/decks/${deckId}/share`, { groupId })).statusCode).toBe(200);
    const bruno = await createUser(t.app, { displayName: 'Bruno Aluno' });
    const teen = await createMinor(t.app, 15, { displayName: 'Tina Teen' });
    await addMember(t.app, { id: groupId }, bruno);
    await addMember(t.app, { id: groupId }, teen);
    const member = await as(t.app, bruno);
    const minor = await as(t.app, teen);
    const heart = cardOf(await dueCards(member.cookie), 'Qual');
    const url = heart?.frontImages[0]?.url as string;
    expect(url).toMatch(/\/media\/cards\//);
    expect((await fileAt(url, member.cookie)).statusCode).toBe(200);
    expect((await fileAt(url, minor.cookie)).statusCode).toBe(200);

    // The image check finds them sensitive: the adult member still gets them, the minor neither URL nor file.
    await t.app.ctx.database.db.update(mediaUploads).set({ sensitivity: 'sensitive' });
    expect(cardOf(await dueCards(member.cookie), 'Qual')?.frontImages).toEqual([
      { url, sensitivity: 'sensitive' },
    ]);
    const teenCard = cardOf(await dueCards(minor.cookie), 'Qual');
    expect(teenCard?.frontImages).toEqual([{ url: null, sensitivity: 'sensitive' }]);
    expect(teenCard?.backImages).toEqual([{ url: null, sensitivity: 'sensitive' }]);
    expect((await fileAt(url, minor.cookie)).statusCode).toBe(404);
    expect((await fileAt(url, member.cookie)).statusCode).toBe(200);

    // Deleted with the deck: the address answers 404 at once, the removal job deletes the files.
    expect((await carla.del(`/api/decks/${deckId}`)).statusCode).toBe(200);
    expect((await fileAt(url, carla.cookie)).statusCode).toBe(404);
    await t.app.ctx.jobs.drain();
    expect(await t.app.ctx.database.db.select().from(mediaUploads)).toEqual([]);
  });
});
