import path from 'node:path';
import { REPO_ROOT } from './env.ts';
import { expect, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Issue 43: an image the model scores as sensitive (the test fixture made by
// apps/server/scripts/make-image-fixtures.ts, never in the demo data) is blurred for an adult behind
// 'Conteúdo sensível — toque para ver' and shown by a tap; a minor's replies carry no address for it.

const SENSITIVE = path.join(REPO_ROOT, 'apps/server/test/fixtures/images/sensitive.png');
const COVER = 'Conteúdo sensível — toque para ver';

for (const [label, viewport] of [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 800 }],
] as const) {
  test(`an adult sees a sensitive photo blurred and reveals it by a tap (${label})`, async ({
    page,
    login,
  }) => {
    // An upload, its re-encoding and the model's first load on a machine that may be busy.
    test.slow();
    await page.setViewportSize(viewport);
    await login('elisa@estudai.dev');
    const caption = `Foto para revisar ${label}`;
    const upload = await page.request.post('/api/media', {
      multipart: {
        purpose: 'post_image',
        file: {
          name: 'foto.png',
          mimeType: 'image/png',
          buffer: await import('node:fs').then((fs) => fs.readFileSync(SENSITIVE)),
        },
      },
    });
    expect(upload.status()).toBe(201);
    const { url } = (await upload.json()).data as { url: string };
    const created = await page.request.post('/api/posts', {
      data: { type: 'photo', content: caption, mediaUrls: [url] },
    });
    expect(created.status()).toBe(201);
    const postId = (await created.json()).data.id as string;

    // The check runs in the background: the post waits blurred until it is done.
    await expect
      .poll(
        async () => (await (await page.request.get(`/api/posts/${postId}`)).json()).data.media[0].sensitivity,
        { timeout: 60_000 },
      )
      .toBe('sensitive');

    await page.goto(`/post/${postId}/comments`);
    const cover = page.getByRole('button', { name: COVER });
    await expect(cover).toBeVisible();
    const photo = page.locator(`img[src="${url}"]`).first();
    await expect(photo).toHaveClass(/blur-2xl/);
    await expectSoundLayout(page, `sensitive photo ${label}`);
    await page.screenshot({ path: `test-results/screens/sensitive-image-${label}.png` });

    await cover.click();
    await expect(page.getByText(COVER)).toHaveCount(0);
    await expect(photo).not.toHaveClass(/blur-2xl/);
    await expect(page.getByRole('button', { name: 'Ver imagem 1 de 1' })).toBeVisible();
    await page.screenshot({ path: `test-results/screens/sensitive-image-revealed-${label}.png` });
  });
}
