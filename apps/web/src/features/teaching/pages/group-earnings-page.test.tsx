import { TEACHING_MESSAGES as M } from '@estudai/contract/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { GROUP_ID, ownGroup } from '../../../test/groups.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';
import { GROUP_API, makeEarnings } from '../testing/teaching-fixtures.ts';

const PAGE = `/study-groups/${GROUP_ID}/receitas`;
const SLOW_MS = 15_000;

describe('/study-groups/{id}/receitas', { timeout: SLOW_MS }, () => {
  it('shows the totals, payments per month, renewals due, refunds and recent payments', async () => {
    mockApi({ [`GET ${GROUP_API}`]: ok(ownGroup()), [`GET ${GROUP_API}/earnings`]: ok(makeEarnings()) }, ana);
    renderApp(PAGE, { storedUser: ana });
    expect(await screen.findByText('Receita líquida (12 meses)')).toBeInTheDocument();
    expect(screen.getByText('Receita líquida (12 meses)').nextElementSibling).toHaveTextContent('R$ 92,66');
    expect(screen.getByText(M.activePaidMembers).nextElementSibling).toHaveTextContent('2');
    const months = screen.getByRole('table');
    expect(within(months).getByRole('row', { name: /out\/2026/ })).toHaveTextContent('R$ 99,80');
    expect(within(months).getByRole('row', { name: /nov\/2026/ })).toHaveTextContent('(−R$ 49,90)');
    // Issue 38: the essay corrections the group's teachers sent, per month and in 12 months.
    expect(within(months).getByRole('columnheader', { name: 'Correções' })).toBeInTheDocument();
    expect(
      within(within(months).getByRole('row', { name: /nov\/2026/ })).getAllByRole('cell')[1],
    ).toHaveTextContent('5');
    expect(screen.getByText('Correções de redação (12 meses)').nextElementSibling).toHaveTextContent('8');
    expect(screen.getByText('acesso até 10 de dezembro de 2026').parentElement).toHaveTextContent(
      'Bruno Lima',
    );
    expect(screen.getByText('Pediu para sair na primeira semana.', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Cupom 20%')).toBeInTheDocument();
  });

  it("shows the net after the provider's fees, all the owner's groups, and no empty month on a phone (issue 36)", async () => {
    const allGroups = {
      groupsCount: 3,
      grossAmount: 24950,
      feeAmount: 1190,
      refundedAmount: 4990,
      netAmount: 18770,
    };
    mockApi(
      {
        [`GET ${GROUP_API}`]: ok(ownGroup()),
        [`GET ${GROUP_API}/earnings`]: ok(makeEarnings({ allGroups })),
      },
      ana,
    );
    renderApp(PAGE, { storedUser: ana });
    const net = (await screen.findByText('Receita líquida (12 meses)')).parentElement;
    expect(net).toHaveTextContent('R$ 92,66');
    expect(net).toHaveTextContent('R$ 149,70 recebidos − R$ 7,14 de taxas − R$ 49,90 reembolsados');
    expect(screen.getByText('Taxas do provedor (12 meses)').nextElementSibling).toHaveTextContent('R$ 7,14');

    const all = screen.getByRole('heading', { name: 'Todos os seus grupos (12 meses)' }).parentElement;
    expect(all).toHaveTextContent('Receita líquida de 3 grupos: R$ 187,70');
    expect(all).toHaveTextContent('R$ 249,50 recebidos − R$ 11,90 de taxas − R$ 49,90 reembolsados');

    // A month with no payment, refund or correction is left out below 640 px (Tailwind's `sm`).
    const months = screen.getByRole('table');
    expect(within(months).getByRole('row', { name: /set\/2026/ })).toHaveClass('hidden', 'sm:table-row');
    expect(within(months).getByRole('row', { name: /out\/2026/ })).not.toHaveClass('hidden');
  });

  it('leaves out the all-groups card for an owner of one paid group', async () => {
    mockApi({ [`GET ${GROUP_API}`]: ok(ownGroup()), [`GET ${GROUP_API}/earnings`]: ok(makeEarnings()) }, ana);
    renderApp(PAGE, { storedUser: ana });
    expect(await screen.findByText('Receita líquida (12 meses)')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Todos os seus grupos/ })).not.toBeInTheDocument();
  });

  it('refunds a payment after asking, and reads the earnings again', async () => {
    let refunded = false;
    const api = mockApi(
      {
        [`GET ${GROUP_API}`]: ok(ownGroup()),
        [`GET ${GROUP_API}/earnings`]: () => {
          const earnings = makeEarnings();
          if (refunded)
            earnings.payments = earnings.payments.map((p) => ({ ...p, status: 'refunded' as const }));
          return ok(earnings);
        },
        [`POST ${GROUP_API}/payments/pay-2/refund`]: () => {
          refunded = true;
          return ok({ id: 'pay-2', status: 'refunded' });
        },
      },
      ana,
    );
    const { user } = renderApp(PAGE, { storedUser: ana });
    await user.click(await screen.findByRole('button', { name: M.refund }));
    const dialog = await screen.findByRole('dialog', { name: 'Reembolsar pagamento?' });
    expect(dialog).toHaveTextContent('R$ 39,92 voltam para Bruno Lima');
    await user.click(within(dialog).getByRole('button', { name: M.refund }));
    await expectToast(M.refunded);
    expect(api.callsTo('POST', `${GROUP_API}/payments/pay-2/refund`)).toHaveLength(1);
    expect(await screen.findByText(M.refunded, { selector: 'ul span' })).toBeInTheDocument();
  });

  it('tells a co-teacher or member that earnings are for the owner only', async () => {
    mockApi(
      {
        [`GET ${GROUP_API}`]: ok(ownGroup({ isOwner: false })),
        [`GET ${GROUP_API}/earnings`]: fail(403, M.ownerOnly, 'FORBIDDEN'),
      },
      ana,
    );
    renderApp(PAGE, { storedUser: ana });
    expect(await screen.findByText(M.ownerOnly)).toBeInTheDocument();
  });
});
