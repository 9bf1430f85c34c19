import { TEACHING_MESSAGES as M } from '@estudai/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, lastPage, mockApi, ok } from '../../../test/api-mock.ts';
import { GROUP_ID, memberGroup, paidGroup } from '../../../test/groups.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';
import { pendingGroupInvite } from '../pending-group-invite.ts';
import { GROUP_API, makeInvite } from '../testing/teaching-fixtures.ts';

const CODE = 'abc123';
const PAGE = `/convite/${CODE}`;
const INVITE_API = `/api/invites/${CODE}`;
const SLOW_MS = 15_000;

const paidInvite = makeInvite({
  group: { ...makeInvite().group, isPaid: true, price: 4990, subscriptionDuration: 3 },
  couponPercent: 20,
  firstPaymentAmount: 3992,
});

/** The group page and its parts, for the moment the invite leads there. */
const groupPageRoutes = {
  [`GET ${GROUP_API}`]: ok(memberGroup()),
  [`GET ${GROUP_API}/posts`]: lastPage([]),
  [`GET ${GROUP_API}/membership`]: ok(null),
  [`GET ${GROUP_API}/permissions`]: ok({
    isOwner: false,
    isTeacher: false,
    canManage: false,
    canAdminister: false,
  }),
  [`GET ${GROUP_API}/announcements`]: ok([]),
  [`GET ${GROUP_API}/classes`]: ok([]),
};

describe('/convite/{code}', { timeout: SLOW_MS }, () => {
  it('joins a free group in one tap and opens it', async () => {
    const api = mockApi(
      {
        [`GET ${INVITE_API}`]: ok(makeInvite()),
        [`POST ${INVITE_API}/accept`]: ok({
          status: 'joined',
          studyGroupId: GROUP_ID,
          paymentPath: null,
          amount: null,
          couponPercent: null,
        }),
        ...groupPageRoutes,
      },
      ana,
    );
    const { user } = renderApp(PAGE, { storedUser: ana });
    expect(await screen.findByRole('heading', { name: 'Física para o ENEM' })).toBeInTheDocument();
    expect(screen.getByText('com Carla Mendes')).toBeInTheDocument();
    expect(screen.queryByText(/Primeiro pagamento/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: M.inviteJoin }));
    await expectToast(M.inviteJoined);
    expect(api.callsTo('POST', `${INVITE_API}/accept`)).toHaveLength(1);
    await waitFor(() => expect(currentPath()).toBe(`/study-groups/${GROUP_ID}`));
  });

  it('shows a paid group with its coupon and leads to the payment, which applies it', async () => {
    const paymentPath = `/study-groups/${GROUP_ID}/payment?convite=${CODE}`;
    const api = mockApi(
      {
        [`GET ${INVITE_API}`]: ok(paidInvite),
        [`POST ${INVITE_API}/accept`]: ok({
          status: 'payment_required',
          studyGroupId: GROUP_ID,
          paymentPath,
          amount: 3992,
          couponPercent: 20,
        }),
        [`GET ${GROUP_API}`]: ok(paidGroup()),
        'GET /api/payments/config': ok({ provider: 'sandbox', testMode: true, methods: ['card'] }),
        [`POST ${GROUP_API}/payments`]: ok(
          {
            id: 'pay-1',
            studyGroupId: GROUP_ID,
            provider: 'sandbox',
            status: 'approved',
            amount: 3992,
            currency: 'BRL',
            testMode: true,
            checkoutUrl: null,
            createdAt: '2026-11-26T12:00:00.000Z',
          },
          201,
        ),
        [`POST ${GROUP_API}/membership`]: ok({ id: 'gm-1', status: 'active' }),
      },
      ana,
    );
    const { user } = renderApp(PAGE, { storedUser: ana });
    expect(await screen.findByText(M.couponApplied(20))).toBeInTheDocument();
    expect(screen.getByText(/Primeiro pagamento/).parentElement).toHaveTextContent('R$ 39,92');
    expect(screen.getByText(/Primeiro pagamento/).parentElement).toHaveTextContent('antes R$ 49,90');
    await user.click(screen.getByRole('button', { name: M.invitePay }));
    await waitFor(() => expect(currentPath()).toBe(paymentPath));
    expect(await screen.findByText('Cupom de convite (20%)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pagar R$\u00a039,92' }));
    await waitFor(() => expect(api.callsTo('POST', `${GROUP_API}/payments`)).toHaveLength(1), {
      timeout: 5_000,
    });
    expect(api.callsTo('POST', `${GROUP_API}/payments`)[0]?.body).toEqual({
      method: 'card',
      inviteCode: CODE,
    });
  });

  it('says a used-up, expired or revoked link can no longer be used (410)', async () => {
    mockApi({ [`GET ${INVITE_API}`]: fail(410, M.inviteGone, 'INVITE_GONE') }, ana);
    renderApp(PAGE, { storedUser: ana });
    expect(await screen.findByRole('heading', { name: M.inviteGone })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.inviteJoin })).not.toBeInTheDocument();
  });

  it('opens the group for someone who is already a member', async () => {
    mockApi({ [`GET ${INVITE_API}`]: ok(makeInvite({ isMember: true })) }, ana);
    renderApp(PAGE, { storedUser: ana });
    expect(await screen.findByText('Você já é membro deste grupo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir o grupo' })).toHaveAttribute(
      'href',
      `/study-groups/${GROUP_ID}`,
    );
  });

  it('shows a signed-out visitor the group, teacher, price and coupon, then asks for an account, keeping the link (issue 36)', async () => {
    mockApi({ [`GET ${INVITE_API}`]: ok(makeInvite()) });
    renderApp(PAGE);
    expect(await screen.findByText('Você foi convidado para um grupo de estudo')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: makeInvite().group.name })).toBeInTheDocument();
    expect(screen.getByText(`com ${makeInvite().group.ownerName}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/auth?criar-conta=1');
    expect(screen.queryByRole('button', { name: M.inviteJoin })).not.toBeInTheDocument();
    expect(pendingGroupInvite()).toBe(CODE);
  });

  it('brings a user who signed in back to the invite they opened', async () => {
    localStorage.setItem('groupInvite', CODE);
    mockApi(
      { [`GET ${INVITE_API}`]: ok(makeInvite()), 'GET /api/study-groups/available': lastPage([]) },
      ana,
    );
    renderApp('/study-groups', { storedUser: ana });
    await waitFor(() => expect(currentPath()).toBe(PAGE));
    expect(await screen.findByRole('button', { name: M.inviteJoin })).toBeInTheDocument();
    expect(pendingGroupInvite()).toBeNull();
  });
});
