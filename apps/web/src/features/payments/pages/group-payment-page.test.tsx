import {
  GROUP_MESSAGES,
  type Membership,
  MINORS_MESSAGES,
  type Payment,
  type PaymentConfig,
} from '@estudai/contract/constants';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ana, fail, type MockReply, mockApi, ok } from '../../../test/api-mock.ts';
import { GROUP_ID, makeGroup, memberGroup, paidGroup } from '../../../test/groups.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';
import { checkoutRedirect } from '../api/payment-checkout.ts';

const PAGE = `/study-groups/${GROUP_ID}/payment`;
const GROUP_PAGE = `/study-groups/${GROUP_ID}`;
const GROUP_API = `/api/study-groups/${GROUP_ID}`;
const PAYMENTS_API = `${GROUP_API}/payments`;
const MEMBERSHIP_API = `${GROUP_API}/membership`;

const sandbox: PaymentConfig = { provider: 'sandbox', testMode: true, methods: ['card', 'pix'] };
const stripe: PaymentConfig = { provider: 'stripe', testMode: false, methods: ['card'] };

const payment = (overrides: Partial<Payment> = {}): Payment => ({
  id: 'pay-1',
  studyGroupId: GROUP_ID,
  provider: 'sandbox',
  status: 'approved',
  amount: 4990,
  currency: 'BRL',
  testMode: true,
  checkoutUrl: null,
  createdAt: '2026-11-21T12:00:00.000Z',
  ...overrides,
});

const membership = (overrides: Partial<Membership> = {}): Membership => ({
  id: 'gm-1',
  userId: ana.id,
  studyGroupId: GROUP_ID,
  role: 'member',
  status: 'active',
  joinedAt: '2026-11-21T12:00:02.000Z',
  expiresAt: null,
  leftAt: null,
  archivedAt: null,
  isMuted: false,
  ...overrides,
});

type Handlers = Record<string, MockReply | (() => MockReply)>;

function openPayment(handlers: Handlers = {}, path = PAGE) {
  const api = mockApi(
    {
      [`GET ${GROUP_API}`]: ok(paidGroup()),
      'GET /api/payments/config': ok(sandbox),
      [`POST ${PAYMENTS_API}`]: ok(payment(), 201),
      [`POST ${MEMBERSHIP_API}`]: ok(membership()),
      ...handlers,
    },
    ana,
  );
  return { api, ...renderApp(path, { storedUser: ana }) };
}

/** Lets `ms` of fake time pass, running what it starts (requests, renders, React Query's updates). */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** Runs what is pending without moving the clock. */
async function settle() {
  for (let i = 0; i < 15; i++) await advance(0);
}

/** Waits (fake time standing still) until `find` finds something. */
async function until<T>(find: () => T | null): Promise<T> {
  for (let i = 0; i < 50; i++) {
    const found = find();
    if (found) return found;
    await advance(0);
  }
  throw new Error('Not found in time');
}

/** Loads the page with real timers, then stops the clock and clicks the pay button. */
async function clickPay(api: ReturnType<typeof openPayment>['api'], name = 'Pagar R$\u00a049,90') {
  const button = await screen.findByRole('button', { name });
  vi.useFakeTimers();
  fireEvent.click(button);
  return { button, paymentCalls: () => api.callsTo('POST', PAYMENTS_API) };
}

/** The toast titled `title` (the pay button may read the same words). */
function toastWith(title: string): HTMLElement {
  const toast = screen
    .getAllByText(title)
    .map((element) => element.closest('li'))
    .find(Boolean);
  if (!toast) throw new Error(`No toast titled ${title}`);
  return toast;
}

describe('/study-groups/{groupId}/payment', () => {
  it('shows a skeleton while the group loads', () => {
    openPayment({ [`GET ${GROUP_API}`]: 'no-reply' });
    expect(screen.getByRole('heading', { name: 'Pagamento' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Carregando pagamento' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pagar/ })).not.toBeInTheDocument();
  });

  it("says 'Grupo não encontrado' with a button back to /study-groups", async () => {
    const { user } = openPayment({
      [`GET ${GROUP_API}`]: fail(404, GROUP_MESSAGES.notFound, 'NOT_FOUND'),
    });
    expect(await screen.findByText('Grupo não encontrado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voltar para grupos' }));
    expect(currentPath()).toBe('/study-groups');
  });

  it('shows the group, its advertiser, the duration, the summary and what is included', async () => {
    openPayment();
    expect(await screen.findByRole('heading', { name: 'Física para o ENEM' })).toBeInTheDocument();
    expect(screen.getByText('Carla Mendes')).toBeInTheDocument();
    expect(screen.getByText('Verificado')).toBeInTheDocument();
    expect(screen.getByText('Cinemática, dinâmica e energia com listas semanais.')).toBeInTheDocument();
    expect(screen.getByText('12 membros')).toBeInTheDocument();
    expect(screen.getByText('Acesso por 3 meses')).toBeInTheDocument();
    const fee = screen.getByText('Taxa de processamento').parentElement as HTMLElement;
    // The raw text: toHaveTextContent reads a no-break space as a plain one.
    expect(fee.textContent).toContain('R$\u00a00,00');
    expect(screen.getByText('Assinatura').parentElement?.textContent).toContain('R$\u00a049,90');
    expect(screen.getByText('Total').parentElement?.textContent).toContain('R$\u00a049,90');
    const included = screen.getByRole('region', { name: 'Acesso Premium Incluso' });
    expect(within(included).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    expect(within(included).getByText(/Fórum/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pagar R$\u00a049,90' })).toBeEnabled();
  });

  it("says 'Acesso vitalício' without a duration, and no badge for an unverified advertiser", async () => {
    const group = paidGroup({ subscriptionDuration: null });
    openPayment({
      [`GET ${GROUP_API}`]: ok({
        ...group,
        advertiser: { ...group.advertiser, isVerified: false, verified: false },
      }),
    });
    expect(await screen.findByText('Acesso vitalício')).toBeInTheDocument();
    expect(screen.queryByText('Verificado')).not.toBeInTheDocument();
  });

  it('sends a free group, or one the viewer is already in, to the group page', async () => {
    openPayment({ [`GET ${GROUP_API}`]: ok(makeGroup()) });
    await vi.waitFor(() => expect(currentPath()).toBe(GROUP_PAGE));
  });

  it('sends a member of the paid group to the group page, also from /checkout/{id}', async () => {
    openPayment(
      { [`GET ${GROUP_API}`]: ok(memberGroup({ isPaid: true, price: 4990 })) },
      `/checkout/${GROUP_ID}`,
    );
    await vi.waitFor(() => expect(currentPath()).toBe(GROUP_PAGE));
  });

  it('waits 2 s before paying, joins, says so and opens the group 1.5 s later', async () => {
    const { api } = openPayment();
    const { button, paymentCalls } = await clickPay(api);
    await settle();
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Processando...');

    await advance(1_999);
    await settle();
    expect(paymentCalls()).toHaveLength(0);

    const groupLoads = api.callsTo('GET', GROUP_API).length;
    await advance(1);
    await settle();
    expect(paymentCalls()).toHaveLength(1);
    expect(paymentCalls()[0]?.body).toEqual({ method: 'card' });
    expect(api.callsTo('POST', MEMBERSHIP_API)[0]?.body).toEqual({ action: 'join' });
    expect(toastWith('Pagamento aprovado!')).toHaveTextContent('Bem-vindo ao grupo de estudos');
    // The groups queries are refreshed: the group is fetched again.
    expect(api.callsTo('GET', GROUP_API).length).toBeGreaterThan(groupLoads);

    await advance(1_499);
    expect(currentPath()).toBe(PAGE);
    await advance(1);
    await settle();
    expect(currentPath()).toBe(GROUP_PAGE);
  });

  it("offers no payment for a full group: 'Este grupo está lotado.' where the pay button would be", async () => {
    const { api } = openPayment({ [`GET ${GROUP_API}`]: ok(paidGroup({ currentMembers: 50 })) });
    expect(await screen.findByText(GROUP_MESSAGES.groupFull)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pagar/ })).not.toBeInTheDocument();
    expect(api.callsTo('POST', PAYMENTS_API)).toHaveLength(0);
  });

  it("shows the server's message when the payment fails, and lets the user try again", async () => {
    const { api } = openPayment({
      [`POST ${PAYMENTS_API}`]: fail(409, GROUP_MESSAGES.groupFull, 'GROUP_FULL'),
    });
    const { button } = await clickPay(api);
    await advance(2_000);
    await settle();
    const toast = toastWith('Erro no pagamento');
    expect(toast).toHaveTextContent('Este grupo está lotado.');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent('Pagar R$ 49,90');
    expect(api.callsTo('POST', MEMBERSHIP_API)).toHaveLength(0);
    expect(currentPath()).toBe(PAGE);
  });

  it("tells a supervised teen 'Pedido enviado para o seu responsável', not a payment error (issue 36)", async () => {
    const { api } = openPayment({
      [`POST ${PAYMENTS_API}`]: ok(
        { approvalId: 'ap-1', status: 'pending', message: MINORS_MESSAGES.approvalRequested },
        202,
      ),
    });
    await clickPay(api);
    await advance(2_000);
    await settle();
    const toast = toastWith(MINORS_MESSAGES.approvalSentTitle);
    expect(toast).toHaveTextContent(MINORS_MESSAGES.approvalRequested);
    expect(toast).not.toHaveAttribute('data-variant', 'destructive');
    expect(screen.queryByText('Erro no pagamento')).not.toBeInTheDocument();
    const status = screen
      .getAllByRole('status')
      .find((element) => element.textContent?.includes('Você recebe uma notificação'));
    expect(status).toHaveTextContent(MINORS_MESSAGES.approvalRequested);
    expect(screen.queryByRole('button', { name: /Pagar/ })).not.toBeInTheDocument();
    expect(api.callsTo('POST', MEMBERSHIP_API)).toHaveLength(0);
    expect(currentPath()).toBe(PAGE);
  });

  it("says 'Falha ao processar pagamento' when the server gives no message", async () => {
    const { api } = openPayment({ [`POST ${PAYMENTS_API}`]: { status: 500, body: {} } });
    await clickPay(api);
    await advance(2_000);
    await settle();
    expect(toastWith('Erro no pagamento')).toHaveTextContent('Falha ao processar pagamento');
  });

  it('fails when the join after the payment is refused, with its message', async () => {
    const { api } = openPayment({
      [`POST ${MEMBERSHIP_API}`]: fail(402, GROUP_MESSAGES.paymentRequired, 'PAYMENT_REQUIRED'),
    });
    const { button } = await clickPay(api);
    await advance(2_000);
    await settle();
    expect(toastWith('Erro no pagamento')).toHaveTextContent(GROUP_MESSAGES.paymentRequired);
    expect(button).toBeEnabled();
  });

  it('says nothing is charged in test mode, and pays with Pix when chosen', async () => {
    const { api } = openPayment();
    expect(await screen.findByRole('note')).toHaveTextContent('Modo de teste: nenhum valor será cobrado.');
    expect(screen.getByRole('radio', { name: 'Cartão de crédito' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Pix' }));
    expect(screen.getByRole('radio', { name: 'Pix' })).toBeChecked();
    const { paymentCalls } = await clickPay(api);
    await advance(2_000);
    await settle();
    expect(paymentCalls()[0]?.body).toEqual({ method: 'pix' });
  });

  it("sends the buyer to a real provider's checkout when the payment is pending there", async () => {
    const go = vi.spyOn(checkoutRedirect, 'go').mockImplementation(() => {});
    const url = 'https://checkout.stripe.com/c/pay/cs_test_1';
    const { api } = openPayment({
      'GET /api/payments/config': ok(stripe),
      [`POST ${PAYMENTS_API}`]: ok(
        payment({ provider: 'stripe', status: 'pending', testMode: false, checkoutUrl: url }),
        201,
      ),
    });
    await screen.findByRole('button', { name: 'Pagar R$\u00a049,90' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Pix' })).not.toBeInTheDocument();
    const { button } = await clickPay(api);
    await advance(2_000);
    await settle();
    expect(go).toHaveBeenCalledWith(url);
    expect(api.callsTo('POST', MEMBERSHIP_API)).toHaveLength(0);
    expect(button).toBeDisabled();
  });

  it('back from the provider, waits for the membership to open, then welcomes the buyer', async () => {
    vi.useFakeTimers();
    let confirmed = false;
    const { api } = openPayment(
      { [`GET ${MEMBERSHIP_API}`]: () => ok(confirmed ? membership() : null) },
      `${PAGE}?status=success`,
    );
    await until(() => screen.queryByText('Confirmando pagamento...'));
    await settle();
    expect(api.callsTo('GET', MEMBERSHIP_API).length).toBeGreaterThan(0);
    expect(screen.queryByText('Pagamento aprovado!')).not.toBeInTheDocument();

    confirmed = true;
    await advance(2_000);
    await settle();
    expect(toastWith('Pagamento aprovado!')).toHaveTextContent('Bem-vindo ao grupo de estudos');
    await advance(1_500);
    await settle();
    expect(currentPath()).toBe(GROUP_PAGE);
  });

  it('stops asking after about a minute and offers to check again', async () => {
    vi.useFakeTimers();
    const { api } = openPayment({ [`GET ${MEMBERSHIP_API}`]: ok(null) }, `${PAGE}?status=success`);
    await until(() => screen.queryByText('Confirmando pagamento...'));
    for (let second = 0; second < 60; second += 2) {
      await advance(2_000);
      await settle();
    }
    expect(screen.getByText(/Ainda não recebemos a confirmação do pagamento/)).toBeInTheDocument();
    const asked = api.callsTo('GET', MEMBERSHIP_API).length;
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Verificar novamente' }));
    expect(await screen.findByText('Confirmando pagamento...')).toBeInTheDocument();
    await vi.waitFor(() => expect(api.callsTo('GET', MEMBERSHIP_API).length).toBe(asked + 1));
  });

  it("says 'Falha ao processar pagamento' when no reply arrives", async () => {
    const { api } = openPayment({ [`POST ${PAYMENTS_API}`]: 'network-error' });
    await clickPay(api);
    await advance(2_000);
    await settle();
    expect(toastWith('Erro no pagamento')).toHaveTextContent('Falha ao processar pagamento');
  });
});
