import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { POST_MESSAGES, postSchema } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { birthDateForAge, createGroup, createPost, createUser } from '../../../test/factories.ts';
import { users } from '../../db/schema/index.ts';

const INDEX_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Estudaí: a rede social para estudar junto." />
    <title>Estudaí</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  t = await buildTestApp({ webDist, publicUrl: 'https://estudai.example' });
});
beforeEach(async () => {
  await resetTestApp(t);
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const signedOut = (url: string) => t.app.inject({ method: 'GET', url });
/** The content of `<meta {attr}="{key}" content="…">` in the page, undefined when absent. */
const metaOf = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];

describe('GET /api/public/posts/{id}', () => {
  it('shows a main-feed post to a visitor without a session, read-only and without answer keys', async () => {
    const author = await createUser(t.app, { displayName: 'Carla Mendes' });
    const post = await createPost(t.app, author, {
      type: 'question',
      content: 'Quem acerta?',
      questionData: { question: 'Derivada de x²?', options: ['x', '2x', 'x²', '2'], correctAnswer: 1 },
    });
    const res = await signedOut(`/api/public/posts/${post.id}`);
    expect(res.statusCode).toBe(200);
    const shown = postSchema.parse(res.json().data);
    expect(shown).toMatchObject({ id: post.id, content: 'Quem acerta?', isLiked: false, isSaved: false });
    expect(shown.author.displayName).toBe('Carla Mendes');
    expect(shown.questionData?.correctAnswer).toBeUndefined();
  });

  it("answers 404 for a group's post, a hidden one, a followers-only or minor author's, a bad id", async () => {
    const owner = await createUser(t.app);
    const group = await createGroup(t.app, owner);
    const groupPost = await createPost(t.app, owner, { studyGroupId: group.id });
    const hidden = await createPost(t.app, owner, { hiddenAt: new Date() });
    const reserved = await createUser(t.app, { profileVisibility: 'followers' });
    const reservedPost = await createPost(t.app, reserved);
    const teen = await createUser(t.app, { birthDate: birthDateForAge(16) });
    await t.app.ctx.database.db
      .update(users)
      .set({ profileVisibility: 'public' })
      .where(eq(users.id, teen.id));
    const teenPost = await createPost(t.app, teen);
    for (const id of [groupPost.id, hidden.id, reservedPost.id, teenPost.id, 'nao-e-id']) {
      const res = await signedOut(`/api/public/posts/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: POST_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
  });
});

describe('GET /post/{id} (the page a shared link opens)', () => {
  it('carries Open Graph and Twitter card tags with the post, escaped', async () => {
    const author = await createUser(t.app, { displayName: 'Carla Mendes' });
    const post = await createPost(t.app, author, { content: 'Resumo de "funções" <b>ENEM</b> & mais' });
    const res = await signedOut(`/post/${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(metaOf(html, 'og:title')).toBe(
      'Carla Mendes no Estudaí: Resumo de &#34;funções&#34; &#60;b&#62;ENEM&#60;/b&#62; &#38; mais',
    );
    expect(metaOf(html, 'og:url')).toBe(`https://estudai.example/post/${post.id}`);
    expect(metaOf(html, 'og:image')).toBe('https://estudai.example/icons/icon-512.png');
    expect(metaOf(html, 'twitter:card')).toBe('summary');
    expect(metaOf(html, 'og:type')).toBe('article');
    expect(html).toContain('<title>Carla Mendes no Estudaí: Resumo de &#34;funções&#34;');
    expect(html).not.toContain('<b>ENEM');
    // One description: the app's own is replaced by the post's.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it("uses a photo post's first image as a large card", async () => {
    const author = await createUser(t.app);
    const post = await createPost(t.app, author, {
      type: 'photo',
      content: 'Meu mapa mental',
      mediaUrls: ['/media/posts/mapa.webp', 'https://x.dev/b.webp'],
    });
    const html = (await signedOut(`/post/${post.id}`)).body;
    expect(metaOf(html, 'og:image')).toBe('https://estudai.example/media/posts/mapa.webp');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
  });

  it("tells nothing of a group's post: the plain app page, no preview", async () => {
    const owner = await createUser(t.app);
    const group = await createGroup(t.app, owner);
    const post = await createPost(t.app, owner, { studyGroupId: group.id, content: 'Segredo do grupo' });
    const res = await signedOut(`/post/${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('og:title');
    expect(res.body).not.toContain('Segredo do grupo');
    expect((await signedOut('/post/nao-e-id')).body).not.toContain('og:title');
  });
});
