import path from 'node:path';
import { POST_MESSAGES } from '@estudai/contract/constants';
import type { Locator, Page } from '@playwright/test';
import { REPO_ROOT } from './env.ts';
import { blankExternalImages, expect, test } from './fixtures.ts';

const ANA = 'ana@estudai.dev';
const CARLA = 'carla@estudai.dev';

/** Publishes a post through the API as whoever is signed in; answers its id. */
async function createPost(page: Page, body: Record<string, unknown>): Promise<string> {
  const response = await page.request.post('/api/posts', { data: { content: '', ...body } });
  expect(response.status()).toBe(201);
  return (await response.json()).data.id;
}

test.beforeEach(({ page }) => blankExternalImages(page));

/** The label around a visually hidden radio button: what a finger actually taps. */
const radioLabel = (scope: Locator, name: string) =>
  scope.locator('label').filter({ has: scope.page().getByRole('radio', { name, exact: true }) });

const firstPost = (page: Page) => page.getByRole('list', { name: 'Posts' }).getByRole('article').first();
const postWith = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

async function openCreateDialog(page: Page) {
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('button', { name: 'Criar novo post' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Criar novo post' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function publish(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Criar novo post' });
  await dialog.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Seu post foi publicado com sucesso.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a student publishes one post of each type and sees each on top of the feed', async ({
  page,
  login,
}) => {
  // Six posts, one after the other: a long journey.
  test.slow();
  await login(ANA);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Início' })).toBeVisible();

  let dialog = await openCreateDialog(page);
  await expect(page).toHaveURL('/');
  await dialog.getByLabel('Conteúdo').fill('Resumo de **Física**: $F = m \\cdot a$');
  await publish(page);
  await expect(firstPost(page)).toContainText('Resumo de Física');
  await expect(firstPost(page).locator('strong')).toHaveText('Física');
  await expect(firstPost(page).locator('math')).toBeVisible();

  dialog = await openCreateDialog(page);
  await radioLabel(dialog, 'Questão').click();
  await dialog.getByLabel('Pergunta').fill('Quanto é 7 × 8?');
  for (const [letter, text] of [
    ['A', '54'],
    ['B', '56'],
    ['C', '58'],
    ['D', '64'],
  ] as const) {
    await dialog.getByLabel(`Alternativa ${letter}`, { exact: true }).fill(text);
  }
  await radioLabel(dialog, 'B é a correta').click();
  await publish(page);
  await expect(firstPost(page)).toContainText('Questão');
  await expect(firstPost(page)).toContainText('Quanto é 7 × 8?');

  dialog = await openCreateDialog(page);
  await radioLabel(dialog, 'Enquete').click();
  await dialog.getByLabel('Pergunta da enquete').fill('Que horas vocês estudam?');
  await dialog.getByLabel('Opção 1').fill('De manhã');
  await dialog.getByLabel('Opção 2').fill('À noite');
  await publish(page);
  await expect(firstPost(page)).toContainText('Enquete');
  await expect(firstPost(page).getByRole('button', { name: 'À noite' })).toBeVisible();

  dialog = await openCreateDialog(page);
  await radioLabel(dialog, 'Quiz').click();
  await dialog.getByLabel('Título do quiz').fill('Tabuada do 9');
  const first = dialog.getByRole('group', { name: 'Questão 1' });
  await first.getByLabel('Pergunta').fill('9 × 3?');
  for (const [letter, text] of [
    ['A', '27'],
    ['B', '26'],
    ['C', '18'],
    ['D', '36'],
  ] as const) {
    await first.getByLabel(`Alternativa ${letter}`, { exact: true }).fill(text);
  }
  await publish(page);
  await expect(firstPost(page)).toContainText('Quiz');
  await expect(firstPost(page)).toContainText('Tabuada do 9');

  dialog = await openCreateDialog(page);
  await radioLabel(dialog, 'Foto').click();
  await dialog.getByLabel('Texto (opcional)').fill('Meu mapa mental');
  // Issue 37: files come from the device only (no outside addresses).
  await dialog
    .getByLabel('Escolher fotos')
    .setInputFiles(path.join(REPO_ROOT, 'apps/web/public/icons/icon-512.png'));
  await expect(dialog.getByRole('list', { name: 'Imagens adicionadas' }).getByRole('listitem')).toHaveCount(
    1,
    {
      timeout: 20_000,
    },
  );
  await publish(page);
  await expect(firstPost(page)).toContainText('Meu mapa mental');
  await expect(firstPost(page).getByRole('button', { name: 'Ver imagem 1 de 1' })).toBeVisible();

  dialog = await openCreateDialog(page);
  await radioLabel(dialog, 'Anexo').click();
  await dialog.getByLabel('Texto (opcional)').fill('Lista de exercícios');
  await dialog
    .getByLabel('Escolher PDF')
    .setInputFiles(path.join(REPO_ROOT, 'apps/web/public/demo/formulario-enem.pdf'));
  await expect(dialog.getByRole('list', { name: 'Links adicionados' }).getByRole('listitem')).toHaveCount(1, {
    timeout: 20_000,
  });
  await publish(page);
  await expect(firstPost(page)).toContainText('Lista de exercícios');
  await expect(firstPost(page).getByRole('link', { name: /\.pdf$/ })).toHaveAttribute('target', '_blank');
});

test('a student answers a question: green and red, the explanation, still locked after a reload', async ({
  page,
  login,
}) => {
  await login(CARLA);
  await createPost(page, {
    type: 'question',
    questionData: {
      question: 'Qual é a capital do Brasil?',
      options: ['São Paulo', 'Brasília', 'Rio de Janeiro', 'Salvador'],
      correctAnswer: 1,
      explanation: 'Brasília é a capital desde **1960**.',
    },
  });
  await login(ANA);
  await page.goto('/');
  const card = postWith(page, 'Qual é a capital do Brasil?');
  const answer = card.getByRole('button', { name: 'Responder' });
  await expect(answer).toBeDisabled();
  await radioLabel(card, 'Salvador').click();
  await answer.click();

  const expectAnswered = async () => {
    await expect(card.getByText('Resposta incorreta.')).toBeVisible();
    await expect(card.locator('label', { hasText: 'Brasília' })).toHaveAttribute('data-result', 'correct');
    await expect(card.locator('label', { hasText: 'Salvador' })).toHaveAttribute('data-result', 'wrong');
    await expect(card.getByText('Brasília é a capital desde')).toBeVisible();
    for (const radio of await card.getByRole('radio').all()) await expect(radio).toBeDisabled();
    await expect(card.getByRole('button', { name: 'Responder' })).toHaveCount(0);
  };
  await expectAnswered();
  await page.reload();
  await expectAnswered();
});

test('a student votes in a poll and sees the percentages', async ({ page, login }) => {
  await login(CARLA);
  await createPost(page, {
    type: 'poll',
    pollData: { question: 'Melhor matéria?', options: ['Matemática', 'História', 'Biologia'] },
  });
  await login(ANA);
  await page.goto('/');
  const card = postWith(page, 'Melhor matéria?');
  await card.getByRole('button', { name: 'História' }).click();
  const results = card.getByRole('list', { name: 'Resultado da enquete' });
  await expect(results.getByRole('listitem').filter({ hasText: 'História' })).toContainText('100%');
  await expect(results.getByRole('listitem').filter({ hasText: 'História' })).toContainText('Seu voto');
  await expect(results.getByRole('listitem').filter({ hasText: 'Matemática' })).toContainText('0%');
  await expect(card.getByText('1 voto', { exact: true })).toBeVisible();
  await page.reload();
  await expect(postWith(page, 'Melhor matéria?').getByText('100%')).toBeVisible();
});

test('a student finishes a quiz and sees the score and the review', async ({ page, login }) => {
  await login(CARLA);
  await createPost(page, {
    type: 'question_set',
    questionSetData: {
      title: 'Química básica',
      questions: [
        { question: 'Símbolo do ferro?', options: ['Fe', 'F', 'Fr', 'Ir'], correctAnswer: 0 },
        {
          question: 'Fórmula da água?',
          options: ['CO2', 'H2O', 'O2', 'NaCl'],
          correctAnswer: 1,
          explanation: 'Dois hidrogênios e um oxigênio.',
        },
      ],
    },
  });
  await login(ANA);
  await page.goto('/');
  const card = postWith(page, 'Química básica');
  await expect(card.getByText('Questão 1 de 2')).toBeVisible();
  await radioLabel(card, 'Fe').click();
  await card.getByRole('button', { name: 'Próxima' }).click();
  await radioLabel(card, 'CO2').click();
  await card.getByRole('button', { name: 'Anterior' }).click();
  await expect(card.getByRole('radio', { name: 'Fe' })).toBeChecked();
  await card.getByRole('button', { name: 'Próxima' }).click();
  await card.getByRole('button', { name: 'Finalizar' }).click();

  await expect(card.getByText(/Você acertou/)).toHaveText('Você acertou 1 de 2 questões');
  await expect(card.getByText('50%')).toHaveAttribute('data-tone', 'orange');
  const review = card.getByRole('list', { name: 'Revisão das questões' }).getByRole('listitem');
  await expect(review).toHaveCount(2);
  await expect(review.nth(1)).toContainText('Resposta correta: B) H2O');
  await expect(review.nth(1)).toContainText('Dois hidrogênios e um oxigênio.');
  await card.getByRole('button', { name: 'Tentar Novamente' }).click();
  await expect(card.getByText('Questão 1 de 2')).toBeVisible();
});

test('a student comments on a post and replies to the comment', async ({ page, login }) => {
  await login(CARLA);
  await createPost(page, { type: 'text', content: 'Dúvidas sobre a prova de sexta?' });
  await login(ANA);
  await page.goto('/');
  await postWith(page, 'Dúvidas sobre a prova de sexta?')
    .getByRole('link', { name: /^Comentários/ })
    .click();
  await expect(page).toHaveURL(/\/post\/[\w-]+\/comments$/);
  await expect(page.getByText('Dúvidas sobre a prova de sexta?')).toBeVisible();

  await page.getByLabel('Escreva um comentário').fill('Cai logaritmo?');
  await page.getByRole('button', { name: 'Inserir emoji' }).click();
  await page.getByRole('group', { name: 'Emojis' }).getByRole('button', { name: '🤔' }).click();
  await page.getByRole('button', { name: 'Enviar comentário' }).click();
  await expect(page.getByText('Comentário adicionado!', { exact: true })).toBeVisible();
  const comment = page.getByRole('article', { name: 'Comentário de Ana Souza' });
  await expect(comment).toContainText('Cai logaritmo?🤔');

  await comment.getByRole('button', { name: 'Responder a Ana Souza' }).click();
  await expect(page.getByText('Respondendo a Ana Souza')).toBeVisible();
  await page.getByLabel('Escreva uma resposta').fill('Respondendo a mim mesma: sim, cai!');
  await page.getByLabel('Escreva uma resposta').press('Enter');
  const replies = page.getByRole('list', { name: 'Respostas a Ana Souza' });
  await expect(replies.getByRole('article')).toContainText('sim, cai!');

  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL('/');
  await expect(
    postWith(page, 'Dúvidas sobre a prova de sexta?').getByRole('link', { name: 'Comentários, 2' }),
  ).toBeVisible();
});

test('a link to a comment opens the conversation with that comment highlighted', async ({ page, login }) => {
  await login(CARLA);
  const postId = await createPost(page, { type: 'text', content: 'Material da aula 3' });
  const first = await page.request.post(`/api/posts/${postId}/comments`, { data: { content: 'Obrigada!' } });
  expect(first.status()).toBe(201);
  const target = await page.request.post(`/api/posts/${postId}/comments`, {
    data: { content: 'Tem o gabarito?' },
  });
  const commentId = (await target.json()).data.id;
  await login(ANA);

  await page.goto(`/post/${postId}/comments/${commentId}`);
  const highlighted = page.locator(`#comment-${commentId}`);
  await expect(highlighted).toContainText('Tem o gabarito?');
  await expect(highlighted).toHaveAttribute('data-highlighted', 'true');
  await expect(highlighted).toBeInViewport();
  await expect(page.locator('[data-highlighted]')).toHaveCount(1);
  await expect(highlighted).not.toHaveAttribute('data-highlighted', { timeout: 5_000 });
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL('/');
});

test.describe('a returning student opening the app', () => {
  // The requests as the page makes them, not as a service worker answers them.
  test.use({ serviceWorkers: 'block' });

  test('gets the first posts asked for by the page itself, beside its code, and asked only once', async ({
    page,
    login,
  }) => {
    await login(ANA);
    await page.goto('/');
    await expect(firstPost(page)).toBeVisible();

    const feedRequests: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/posts') feedRequests.push(request.headers());
    });
    await page.reload();
    await expect(firstPost(page)).toBeVisible();
    // One request, and not the app's own (which asks for JSON): the page's preload, which the app's
    // fetch then found already under way.
    expect(feedRequests).toHaveLength(1);
    expect(feedRequests[0]?.accept).not.toContain('application/json');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test('the feed fits the screen: nothing makes it wider, so it never scrolls sideways', async ({
    page,
    login,
  }) => {
    await login(ANA);
    await page.goto('/');
    await expect(firstPost(page)).toBeVisible();
    // Cards out of view still count towards the page's width (content-visibility keeps their size).
    const widths = await page.evaluate(() => ({
      viewport: window.innerWidth,
      page: document.documentElement.scrollWidth,
    }));
    expect(widths).toEqual({ viewport: 412, page: 412 });
  });

  test('the study timer sits in the title bar, and scrolled to the very end nothing stays under the tab bar', async ({
    page,
    login,
  }) => {
    // Scrolling to the very end reads the whole feed, page after page: ~15 s alone, twice that while
    // the other worker's journeys run beside it (a CI run timed out at 30 s).
    test.setTimeout(75_000);
    await login(ANA);
    await page.goto('/');
    await expect(firstPost(page)).toBeVisible();
    // Issue 23: the timer no longer floats over the page; it is one of the title bar's actions.
    await expect(page.locator('header').getByRole('button', { name: /^Cronômetro de estudo/ })).toBeVisible();
    const end = page.getByText(POST_MESSAGES.feedEnd);
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(end).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 55_000 });
    const tabBar = await page.getByRole('navigation', { name: 'Navegação principal' }).boundingBox();
    expect(tabBar).not.toBeNull();
    // Cards that come into view take their real height (content-visibility): the end moves down while
    // they do, so scroll to it again until it stays; then it must sit above the tab bar.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const contentBottom = await page.evaluate(
        () => document.querySelector('main > :last-child')?.getBoundingClientRect().bottom,
      );
      expect(contentBottom).toBeLessThanOrEqual(tabBar?.y ?? 0);
    }).toPass({ timeout: 10_000 });
  });
});
