import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_BASE_URL } from './env.ts';
import { blankExternalImages, expect, NEW_USER_PASSWORD, signUpVerified, test } from './fixtures.ts';

const ANA = 'ana@estudai.dev';
const ADMIN = 'admin@estudai.dev';

test.beforeEach(({ page }) => blankExternalImages(page));

const counter = (page: Page, label: 'Seguidores' | 'Seguindo') =>
  page.getByRole('button', { name: new RegExp(`^\\d+ ${label}$`) });

async function countOf(page: Page, label: 'Seguidores' | 'Seguindo') {
  return Number((await counter(page, label).textContent())?.match(/\d+/)?.[0]);
}

test('a student edits the profile with a new avatar and sees it after a reload', async ({ page }) => {
  await signUpVerified(page.request, 'Lia Prado');
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2f6fdb' } })
    .png()
    .toBuffer();

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Lia Prado' })).toBeVisible();
  await page.getByRole('button', { name: 'Editar perfil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar perfil' });
  await dialog
    .getByLabel('Escolher foto de perfil')
    .setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Imagem carregada', { exact: true })).toBeVisible();
  await dialog.getByLabel('Bio').fill('  Vestibulanda de medicina  ');
  await expect(dialog.getByText('28/200 caracteres')).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Suas informações foram salvas com sucesso.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  const header = page.locator('header').filter({ has: page.getByRole('heading', { name: 'Lia Prado' }) });
  await expect(header.getByText('Vestibulanda de medicina', { exact: true })).toBeVisible();
  const avatar = header.locator('img').first();
  await expect(avatar).toHaveAttribute('src', /^\/media\/avatars\/[a-f0-9]{32}\.webp$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
});

test("following from another user's profile changes the counters on both", async ({ page, login }) => {
  await login(ANA);
  await page.goto('/profile');
  const followingBefore = await countOf(page, 'Seguindo');

  // Ana → the people she follows → Carla → Carla's followers → Diego.
  await counter(page, 'Seguindo').click();
  await page
    .getByRole('dialog', { name: 'Seguindo' })
    .getByRole('link', { name: /Carla Mendes/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Carla Mendes' })).toBeVisible();
  await counter(page, 'Seguidores').click();
  await page
    .getByRole('dialog', { name: 'Seguidores' })
    .getByRole('link', { name: /Diego Santos/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Diego Santos' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Posts de Diego' })).toBeVisible();

  const followersBefore = await countOf(page, 'Seguidores');
  await page.getByRole('button', { name: 'Seguir', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Deixar de seguir' })).toBeVisible();
  await expect(counter(page, 'Seguidores')).toHaveText(`${followersBefore + 1} Seguidores`);
  const diegoUrl = page.url();

  await page.goto('/profile');
  await expect(counter(page, 'Seguindo')).toHaveText(`${followingBefore + 1} Seguindo`);

  // Back as it was, for the journeys after this one.
  await page.goto(diegoUrl);
  await page.getByRole('button', { name: 'Deixar de seguir' }).click();
  await expect(page.getByText('Deixou de seguir', { exact: true })).toBeVisible();
  await expect(counter(page, 'Seguidores')).toHaveText(`${followersBefore} Seguidores`);
});

test("a report with 'outro' reaches the admin queue; suspending takes the user's posts out of the feed", async ({
  page,
  login,
  playwright,
}) => {
  const spammerApi = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const spammer = await signUpVerified(spammerApi, 'Caio Golpista');
  const post = await spammerApi.post('/api/posts', {
    data: { type: 'text', content: 'Vendo gabarito do ENEM antecipado, chama no privado!' },
  });
  expect(post.status()).toBe(201);
  await spammerApi.dispose();
  const spam = page.getByText('Vendo gabarito do ENEM antecipado, chama no privado!');

  // Ana and the admin follow the spammer (as a bait account gets followed), so the post tops their
  // 'Para você' whatever other files of this worker posted: its absence after the suspension counts.
  const followSpammer = async () =>
    expect((await page.request.post(`/api/users/${spammer.id}/follow`)).ok()).toBe(true);
  await login(ANA);
  await followSpammer();
  await page.goto('/');
  await expect(spam).toBeVisible();
  await page.goto(`/user/${spammer.id}`);
  await expect(page.getByRole('heading', { name: 'Caio Golpista' })).toBeVisible();
  await page.getByRole('button', { name: 'Denunciar usuário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Denunciar usuário' });
  await dialog.getByRole('radio', { name: 'Outro' }).check();
  const submit = dialog.getByRole('button', { name: 'Enviar denúncia' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Descreva o motivo').fill('Vende gabaritos falsos e pede Pix.');
  await submit.click();
  await expect(page.getByText('Denúncia enviada', { exact: true })).toBeVisible();
  await expect(page.getByText('Nossa equipe irá analisar sua denúncia.', { exact: true })).toBeVisible();

  await page.context().clearCookies();
  await login(ADMIN);
  await followSpammer();
  await page.goto('/');
  await expect(spam).toBeVisible();
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Configurações' }).click();
  await page.getByRole('link', { name: 'Denúncias' }).click();
  await expect(page).toHaveURL('/admin/denuncias');
  const card = page.getByRole('article', { name: 'Denúncia contra Caio Golpista' });
  await expect(card.getByText('Outro', { exact: true })).toBeVisible();
  await expect(card.getByText('Vende gabaritos falsos e pede Pix.')).toBeVisible();
  await expect(card.getByText(/por Ana Souza/)).toBeVisible();
  await card.getByRole('button', { name: 'Suspender' }).click();
  await page
    .getByRole('dialog', { name: 'Suspender Caio Golpista?' })
    .getByRole('button', { name: 'Confirmar suspensão' })
    .click();
  await expect(page.getByText('Usuário suspenso.', { exact: true })).toBeVisible();
  await expect(card).toBeHidden();
  await expect(page.getByRole('list', { name: 'Histórico de decisões' })).toContainText(
    'Equipe Estudaí suspendeu a denúncia contra Caio Golpista',
  );

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Início' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Posts' })).toBeVisible();
  await expect(spam).toHaveCount(0);
  const signIn = await page.request.post('/api/auth/login', {
    data: { email: spammer.email, password: NEW_USER_PASSWORD },
  });
  expect(signIn.status()).toBe(403);
});

/** The page is as wide as the screen: nothing in it sticks out sideways, so it never scrolls that way. */
async function expectFitsScreen(page: Page, width: number) {
  // Once the page has settled (a tile still loading may be wider for a frame). A phone's browser
  // widens its layout to what overflows (`innerWidth` follows): the elements past the screen's own
  // width are named when it does not fit.
  await expect
    .poll(() =>
      page.evaluate((screenWidth) => {
        const viewport = window.innerWidth;
        const wider = document.documentElement.scrollWidth > screenWidth || viewport > screenWidth;
        const past = [...(wider ? document.querySelectorAll('body *') : [])]
          .filter((element) => element.getBoundingClientRect().right > screenWidth + 0.5)
          .filter((element) => getComputedStyle(element).position !== 'fixed')
          .slice(0, 3)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
        return { viewport, page: document.documentElement.scrollWidth, past };
      }, width),
    )
    .toEqual({ viewport: width, page: width, past: [] });
}

/** None of the header's controls, name and badge (nor the chat shortcut over it) overlap or leave the screen. */
async function expectHeaderUntangled(page: Page, width: number) {
  const boxes = await page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'header:has(h1) :is(h1, [aria-label="Verificado"], button, a), a[href="/chat"]',
      ),
    ].map((element) => {
      const { left, right, top, bottom } = element.getBoundingClientRect();
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim();
      return { name, left, right, top, bottom };
    }),
  );
  for (const box of boxes) {
    expect(box.left, `${box.name} starts on the screen`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${box.name} ends on the screen`).toBeLessThanOrEqual(width);
  }
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      expect(overlap, `${a.name} and ${b.name} overlap`).toBe(false);
    }
  }
}

for (const width of [412, 320]) {
  test.describe(`on a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 823 }, isMobile: true, hasTouch: true });

    test('profiles fit the screen: name, badge and actions side by side or wrapped, never off it', async ({
      page,
      login,
      playwright,
    }) => {
      const strangerApi = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
      const student = await signUpVerified(strangerApi, 'Maria Eduarda Albuquerque Vasconcelos');
      await strangerApi.dispose();
      await login(ANA);
      const me = (await (await page.request.get('/api/users/me')).json()).data;
      const followers = (await (await page.request.get(`/api/users/${me.id}/followers`)).json()).data;
      const carla = followers.find((user: { username: string }) => user.username === 'prof.carla');

      // A verified professor Ana follows.
      await page.goto(`/user/${carla.id}`);
      await expect(page.getByRole('heading', { name: 'Carla Mendes' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Deixar de seguir' })).toBeVisible();
      const header = page
        .locator('header')
        .filter({ has: page.getByRole('heading', { name: 'Carla Mendes' }) });
      await expect(header.getByRole('img', { name: 'Verificado' })).toBeVisible();
      await expectFitsScreen(page, width);
      await expectHeaderUntangled(page, width);
      // Her rating, stars and figure, stays inside its tile.
      const ratingOverflow = await page.evaluate(() => {
        const tile = [...document.querySelectorAll('dt')].find(
          (term) => term.textContent?.trim() === 'Avaliação',
        );
        const box = tile?.parentElement?.getBoundingClientRect();
        if (!box || !tile?.parentElement) return 'no tile';
        return [...tile.parentElement.querySelectorAll('*')].filter((element) => {
          const { left, right } = element.getBoundingClientRect();
          return left < box.left - 0.5 || right > box.right + 0.5;
        }).length;
      });
      expect(ratingOverflow).toBe(0);

      // Another student, with a long name and every action: follow, connect, report.
      await page.goto(`/user/${student.id}`);
      await expect(
        page.getByRole('heading', { name: 'Maria Eduarda Albuquerque Vasconcelos' }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Denunciar usuário' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Conectar' })).toBeVisible();
      await expectFitsScreen(page, width);
      await expectHeaderUntangled(page, width);

      // Her own profile, with a PDF post: its file's long name stays on the line, cut short.
      const upload = await page.request.post('/api/media', {
        multipart: {
          purpose: 'post_attachment',
          file: { name: 'lista.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
        },
      });
      expect(upload.status()).toBe(201);
      const attachment = await page.request.post('/api/posts', {
        data: {
          type: 'attachment',
          content: 'Lista de exercícios',
          mediaUrls: [(await upload.json()).data.url],
        },
      });
      expect(attachment.status()).toBe(201);
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Ana Souza' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Configurações' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Anexos' }).first()).toBeVisible();
      await expectFitsScreen(page, width);
      await expectHeaderUntangled(page, width);
    });
  });
}

test('closing a profile dialog from the keyboard gives focus back to what opened it', async ({
  page,
  login,
}) => {
  await login(ANA);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Ana Souza' })).toBeVisible();

  const openAndDismiss = async (opener: ReturnType<Page['getByRole']>, dialogName: string) => {
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: dialogName })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(opener).toBeFocused();
  };
  await openAndDismiss(page.getByRole('button', { name: 'Editar perfil' }), 'Editar perfil');
  await openAndDismiss(counter(page, 'Seguidores'), 'Seguidores');

  // Someone else's profile: the report button checks with the server before its dialog opens.
  await counter(page, 'Seguidores').click();
  await page
    .getByRole('dialog', { name: 'Seguidores' })
    .getByRole('link', { name: /Carla Mendes/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Carla Mendes' })).toBeVisible();
  await openAndDismiss(page.getByRole('button', { name: 'Denunciar usuário' }), 'Denunciar usuário');
});
