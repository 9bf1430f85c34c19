import { MINORS_MESSAGES } from '@estudai/contract/constants';
import { personAt, shot } from './essays-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectSoundLayout } from './layout-check.ts';

// Issue 36: a supervised teen asks to join a paid group. Lucas (15, his guardian Márcia confirmed)
// taps 'Pagar' on a phone and reads 'Pedido enviado para o seu responsável', not a payment error;
// Márcia approves on her dashboard at 1280 px; Lucas is told, pays in the sandbox and is in.

const GROUP = 'Química Orgânica Essencial';

test("a teen's request to join a paid group waits for the guardian, who approves; then the teen pays and joins", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const lucas = await personAt(browser, 'lucas@estudai.dev', { width: 390, height: 844 });
  const marcia = await personAt(browser, 'responsavel@estudai.dev', { width: 1280, height: 800 });
  const available = await lucas.page.request.get('/api/study-groups/available?limit=50');
  const groups: { id: string; name: string }[] = (await available.json()).data;
  const group = groups.find((item) => item.name === GROUP);
  expect(group, `${GROUP} among Lucas's available groups`).toBeTruthy();
  const payment = `/study-groups/${group?.id}/payment`;

  await lucas.page.goto(payment);
  await lucas.page.getByRole('button', { name: /^Pagar R\$/ }).click();
  await expect(lucas.page.getByText(MINORS_MESSAGES.approvalSentTitle).first()).toBeVisible();
  await expect(lucas.page.getByText('Erro no pagamento')).toHaveCount(0);
  await expect(lucas.page.getByRole('button', { name: /^Pagar R\$/ })).toHaveCount(0);
  await shot(lucas.page, 'teen-request-390');
  await expectSoundLayout(lucas.page, "the teen's request sent to the guardian at 390 px");

  await marcia.page.goto('/responsavel');
  const approve = marcia.page.getByRole('button', { name: `Aprovar ${GROUP}` });
  await expect(approve).toBeVisible({ timeout: 15_000 });
  await approve.click();
  await expect(approve).toHaveCount(0);
  await shot(marcia.page, 'guardian-approved-1280');
  await expectSoundLayout(marcia.page, 'the dashboard after the approval at 1280 px');

  await lucas.page.goto('/notifications');
  await expect(
    lucas.page.getByText(
      `Seu responsável aprovou sua entrada no grupo ${GROUP}. Você já pode fazer o pagamento.`,
    ),
  ).toBeVisible();
  await lucas.page.goto(payment);
  await lucas.page.getByRole('button', { name: /^Pagar R\$/ }).click();
  await expect(lucas.page).toHaveURL(new RegExp(`/study-groups/${group?.id}$`), { timeout: 15_000 });

  for (const person of [lucas, marcia]) {
    expect(person.errors, 'console errors').toEqual([]);
    await person.context.close();
  }
});
