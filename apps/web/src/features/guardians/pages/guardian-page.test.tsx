import {
  type DataExport,
  type GuardianTeen,
  linkAcceptedMessage,
  MINORS_MESSAGES,
} from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, felipe, mockApi, ok } from '../../../test/api-mock.ts';
import { meOf } from '../../../test/me.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';

const lucas = {
  id: 'u-lucas',
  displayName: 'Lucas Lima',
  username: 'lucas',
  avatar: null,
  userType: 'aluno' as const,
};

const teen = (overrides: Partial<GuardianTeen> = {}): GuardianTeen => ({
  linkId: 'l1',
  since: '2026-11-20T15:00:00.000Z',
  teen: { ...lucas, age: 15 },
  activity: Array.from({ length: 14 }, (_, index) => ({
    day: `2026-11-${String(13 + index).padStart(2, '0')}`,
    appMinutes: 30 + index,
    studyMinutes: 20,
    verifiedMinutes: 15,
  })),
  adultContacts: [
    {
      id: 'u-prof',
      displayName: 'Prof. Carla',
      username: 'carla',
      avatar: null,
      userType: 'professor',
      since: '2026-11-21T12:00:00.000Z',
    },
  ],
  pendingApprovals: [
    {
      id: 'a1',
      requestedAt: '2026-11-25T12:00:00.000Z',
      group: { id: 'g1', name: 'Física ENEM', price: 4990, currency: 'BRL' },
    },
  ],
  privacy: { profileVisibility: 'followers', allowAdultChat: true, discoverable: false },
  protections: { hiddenWords: true, sensitiveImages: true, blockedContacts: 0, reportsMade: 0 },
  deletionScheduledFor: null,
  essays: {
    corrected: [
      {
        promptTitle: 'O lixo eletrônico no Brasil',
        correctedAt: '2026-11-24T15:00:00.000Z',
        total: 760,
        c1: 160,
        c2: 160,
        c3: 120,
        c4: 160,
        c5: 160,
      },
    ],
    waiting: 2,
  },
  ...overrides,
});

const invitePreview = ok({
  teen: { firstName: 'Lucas', avatar: null },
  expiresAt: '2026-12-06T12:00:00.000Z',
});

describe('guardian page', () => {
  it('names the teen to a signed-out visitor and opens a guardian’s sign-up, keeping the invitation', async () => {
    mockApi({ 'GET /api/guardian/links/tok1': invitePreview });
    const { user } = renderApp('/responsavel?convite=tok1');
    expect(await screen.findByRole('heading', { name: 'Convite de responsável' })).toBeInTheDocument();
    expect(await screen.findByText('Lucas pediu que você seja responsável no Estudaí.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Criar conta de responsável' }));
    expect(currentPath()).toBe('/auth?responsavel=1');
    expect(localStorage.getItem('guardianInvite')).toBe('tok1');
    // The sign-up asks no type: it is a guardian's account.
    expect(await screen.findByText(/Sua conta de responsável/)).toBeInTheDocument();
    expect(screen.queryByText('Como você quer usar o Estudaí?')).not.toBeInTheDocument();
  });

  it('lets a visitor with an account sign in first and come back to the invitation afterwards', async () => {
    mockApi({ 'GET /api/guardian/links/tok1': invitePreview });
    const { user } = renderApp('/responsavel?convite=tok1');
    await user.click(await screen.findByRole('link', { name: 'Já tenho conta' }));
    expect(currentPath()).toBe('/auth');
    expect(localStorage.getItem('guardianInvite')).toBe('tok1');
  });

  it('says at once that a used or expired invitation cannot be confirmed, offering no account', async () => {
    mockApi({ 'GET /api/guardian/links/old': fail(410, MINORS_MESSAGES.inviteExpired, 'INVITE_GONE') });
    renderApp('/responsavel?convite=old');
    expect(await screen.findByText(MINORS_MESSAGES.inviteExpired)).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('link', { name: 'Criar conta de responsável' })).not.toBeInTheDocument();
  });

  it('sends a signed-in guardian with a remembered invitation back to it', async () => {
    localStorage.setItem('guardianInvite', 'tok1');
    mockApi(
      { 'GET /api/guardian/teens': ok([]), 'GET /api/guardian/links/tok1': invitePreview },
      meOf(felipe, { emailVerified: true }),
    );
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Confirmar vínculo' })).toBeInTheDocument();
    expect(currentPath()).toBe('/responsavel?convite=tok1');
  });

  it('confirms the link and shows the teen on the dashboard', async () => {
    let teens: GuardianTeen[] = [];
    mockApi(
      {
        'GET /api/guardian/teens': () => ok(teens),
        'GET /api/guardian/links/tok1': invitePreview,
        'POST /api/guardian/links/tok1/accept': () => {
          teens = [teen()];
          return ok({
            linkId: 'l1',
            teen: { id: lucas.id, displayName: lucas.displayName },
            message: linkAcceptedMessage('Lucas Lima'),
          });
        },
      },
      meOf(ana),
    );
    const { user } = renderApp('/responsavel?convite=tok1');
    expect(await screen.findByText('Nenhum estudante vinculado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmar vínculo' }));
    expect(await screen.findByText(linkAcceptedMessage('Lucas Lima'))).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Lucas Lima' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/responsavel'));
  });

  it('says plainly that an expired link cannot be used', async () => {
    mockApi(
      {
        'GET /api/guardian/teens': ok([]),
        // It expired between the page's opening and the tap.
        'GET /api/guardian/links/old': invitePreview,
        'POST /api/guardian/links/old/accept': fail(410, MINORS_MESSAGES.inviteExpired, 'INVITE_GONE'),
      },
      meOf(ana),
    );
    const { user } = renderApp('/responsavel?convite=old');
    await user.click(await screen.findByRole('button', { name: 'Confirmar vínculo' }));
    expect(await screen.findByText(MINORS_MESSAGES.inviteExpired)).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('button', { name: 'Confirmar vínculo' })).not.toBeInTheDocument();
  });

  it('shows usage, adult contacts and requests, and approves a paid group', async () => {
    const { calls } = mockApi(
      {
        'GET /api/guardian/teens': ok([teen()]),
        'POST /api/guardian/approvals/a1': ok({
          id: 'a1',
          status: 'approved',
          message: MINORS_MESSAGES.approvalApproved,
        }),
      },
      meOf(ana),
    );
    const { user } = renderApp('/responsavel');
    expect(await screen.findByRole('heading', { name: 'Lucas Lima' })).toBeInTheDocument();
    expect(screen.getByText(/15 anos/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Minutos por dia' })).getAllByRole('listitem'),
    ).toHaveLength(14);
    expect(screen.getByText('Prof. Carla')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aprovar Física ENEM' }));
    expect(await screen.findByText(MINORS_MESSAGES.approvalApproved)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/guardian/approvals/a1')?.body).toEqual({ approve: true });
  });

  it("shows the teen's essay scores (issue 38): total, each competência, how many wait", async () => {
    mockApi({ 'GET /api/guardian/teens': ok([teen()]) }, meOf(ana));
    renderApp('/responsavel');
    const scores = await screen.findByRole('list', { name: 'Notas das redações' });
    const [essay] = within(scores).getAllByRole('listitem');
    expect(essay).toHaveTextContent('O lixo eletrônico no Brasil');
    expect(essay).toHaveTextContent('corrigida em 24/11/2026');
    expect(essay).toHaveTextContent('Nota 760');
    expect(essay).toHaveTextContent('C1 160C2 160C3 120C4 160C5 160');
    expect(screen.getByText('2 redações esperando correção')).toBeInTheDocument();
  });

  it('says when the teen has sent no essay yet', async () => {
    mockApi({ 'GET /api/guardian/teens': ok([teen({ essays: { corrected: [], waiting: 0 } })]) }, meOf(ana));
    renderApp('/responsavel');
    expect(await screen.findByText('Nenhuma redação enviada ainda.')).toBeInTheDocument();
  });

  it('tightens the teen’s privacy', async () => {
    const { calls } = mockApi(
      {
        'GET /api/guardian/teens': ok([teen()]),
        'PATCH /api/guardian/teens/u-lucas/privacy': ok({
          profileVisibility: 'followers',
          allowAdultChat: false,
          discoverable: false,
        }),
      },
      meOf(ana),
    );
    const { user } = renderApp('/responsavel');
    await user.click(await screen.findByRole('checkbox', { name: /Aceitar conversas com adultos/ }));
    expect(await screen.findByText('Privacidade atualizada')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ allowAdultChat: false });
  });

  it('unlinks after asking', async () => {
    const { calls } = mockApi(
      {
        'GET /api/guardian/teens': ok([teen()]),
        'DELETE /api/guardian/links/l1': ok({ message: MINORS_MESSAGES.unlinked }),
      },
      meOf(ana),
    );
    const { user } = renderApp('/responsavel');
    await user.click(await screen.findByRole('button', { name: 'Desfazer vínculo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desfazer vínculo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desfazer vínculo' }));
    expect(await screen.findByText(MINORS_MESSAGES.unlinked)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('asks for a copy of the teen’s data and offers the ZIP once ready', async () => {
    const ready: DataExport = {
      id: 'e9',
      status: 'ready',
      createdAt: '2026-11-26T12:00:00.000Z',
      finishedAt: '2026-11-26T12:00:20.000Z',
      expiresAt: '2026-12-03T12:00:20.000Z',
      downloadUrl: '/api/me/export/e9/download',
      problem: null,
    };
    const { calls } = mockApi(
      {
        'GET /api/guardian/teens': ok([teen()]),
        'POST /api/guardian/teens/u-lucas/export': ok(
          { ...ready, status: 'pending', finishedAt: null, expiresAt: null, downloadUrl: null },
          202,
        ),
        'GET /api/me/export/e9': ok(ready),
      },
      meOf(ana),
    );
    const { user } = renderApp('/responsavel');
    await user.click(await screen.findByRole('button', { name: 'Pedir cópia dos dados de Lucas' }));
    const link = await screen.findByRole('link', { name: 'Baixar arquivo (ZIP)' }, { timeout: 5_000 });
    expect(link).toHaveAttribute('href', '/api/me/export/e9/download');
    expect(calls.filter((call) => call.path === '/api/guardian/teens/u-lucas/export')).toHaveLength(1);
    // The guardian's own 'Meus dados' keeps its own export.
    expect(localStorage.getItem('dataExport:u-lucas')).toBe('e9');
    expect(localStorage.getItem('dataExport')).toBeNull();
  });

  it('schedules the teen’s account deletion with the guardian’s password, and shows the date', async () => {
    let teens = [teen()];
    const { calls } = mockApi(
      {
        'GET /api/guardian/teens': () => ok(teens),
        'DELETE /api/guardian/teens/u-lucas': (call) => {
          if ((call.body as { password?: string }).password !== 'certa-123')
            return fail(403, 'Senha incorreta.', 'FORBIDDEN');
          teens = [teen({ deletionScheduledFor: '2026-12-03T12:00:00.000Z' })];
          return ok({ scheduledFor: '2026-12-03T12:00:00.000Z', message: 'agendada' }, 202);
        },
      },
      meOf(ana),
    );
    const { user } = renderApp('/responsavel');
    const password = await screen.findByLabelText('Sua senha, para confirmar');
    await user.type(password, 'errada-123');
    await user.click(screen.getByRole('button', { name: 'Excluir a conta de Lucas' }));
    expect(await screen.findByText('Senha incorreta.')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'certa-123');
    await user.click(screen.getByRole('button', { name: 'Excluir a conta de Lucas' }));
    expect(
      await screen.findByText('A conta de Lucas será excluída em 3 de dezembro de 2026.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(/Se Lucas entrar de novo antes disso, a exclusão é cancelada/, {
        selector: '[role=status]',
      }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([
      { password: 'errada-123' },
      { password: 'certa-123' },
    ]);
  });
});
