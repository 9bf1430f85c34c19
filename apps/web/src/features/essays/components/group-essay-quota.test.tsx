import type { EssayDetail } from '@estudai/contract/constants';
import { ESSAY_MESSAGES } from '@estudai/contract/constants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, mockApi, ok } from '../../../test/api-mock.ts';
import { GROUP_ID, ownGroup, paidGroup, renderGroup } from '../../../test/groups.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

// Issue 38: a paid group's monthly quota of corrections — the owner's setting on the group page,
// and what the member sees before sending an essay to the group.

const SLOW_MS = 20_000;
const QUOTA_API = `/api/study-groups/${GROUP_ID}/essay-quota`;
const quota = (monthlyQuota: number | null, usedThisMonth = 0) => ({
  monthlyQuota,
  usedThisMonth,
  month: '2026-11',
});

const draft = (): EssayDetail => ({
  id: 'e-1',
  status: 'draft',
  destination: null,
  lines: 0,
  words: 0,
  checks: { insufficient: true, overLimit: false, copiedRanges: [] },
  prompt: {
    id: 'p-1',
    title: 'Os desafios do acesso à internet nas escolas',
    motivatingTexts: [],
    instruction: 'Escreva um texto dissertativo-argumentativo.',
    groupId: GROUP_ID,
    author: { id: 'u-carla', displayName: 'Carla Mendes' },
    createdAt: '2026-11-20T12:00:00.000Z',
  },
  finalScore: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  submittedAt: null,
  correctedAt: null,
  text: '',
  mediaUrls: [],
  media: [],
  corrections: [],
  isAuthor: true,
});

describe("a paid group's monthly quota of corrections", { timeout: SLOW_MS }, () => {
  it('lets the owner of a paid group set it, and lift it by leaving it empty', async () => {
    const { api, user } = renderGroup(ownGroup({ isPaid: true, price: 4990 }), {
      [`GET ${QUOTA_API}`]: ok(quota(null)),
      [`PUT ${QUOTA_API}`]: (request: { body: unknown }) =>
        ok(quota((request.body as { monthlyQuota: number | null }).monthlyQuota)),
    });
    const input = await screen.findByLabelText('Correções de redação por aluno por mês');
    await user.type(input, '4');
    await user.click(screen.getByRole('button', { name: 'Salvar cota' }));
    await expectToast('Cota de correções salva');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Salvar cota' }));
    await expectToast('Cota de correções salva');
    expect(api.callsTo('PUT', QUOTA_API).map((call) => call.body)).toEqual([
      { monthlyQuota: 4 },
      { monthlyQuota: null },
    ]);
  });

  it('refuses 0 before sending, with the contract’s message', async () => {
    const { api, user } = renderGroup(ownGroup({ isPaid: true, price: 4990 }), {
      [`GET ${QUOTA_API}`]: ok(quota(4)),
    });
    const input = await screen.findByLabelText('Correções de redação por aluno por mês');
    expect(input).toHaveValue(4);
    await user.clear(input);
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'Salvar cota' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ESSAY_MESSAGES.quotaInvalid);
    expect(api.callsTo('PUT', QUOTA_API)).toHaveLength(0);
  });

  it('is not offered on a free group', async () => {
    renderGroup(ownGroup(), { [`GET ${QUOTA_API}`]: ok(quota(null)) });
    await screen.findByRole('navigation', { name: 'Ferramentas do professor' });
    expect(screen.queryByLabelText('Correções de redação por aluno por mês')).not.toBeInTheDocument();
  });

  it("shows the member '2 de 4 correções usadas este mês' before sending to the group", async () => {
    mockApi(
      {
        'GET /api/essays/e-1': ok(draft()),
        [`GET ${QUOTA_API}`]: ok(quota(4, 2)),
        [`GET /api/study-groups/${GROUP_ID}`]: ok(paidGroup({ isMember: true })),
      },
      ana,
    );
    renderApp('/redacao/e-1/escrever', { storedUser: ana });
    expect(await screen.findByText('2 de 4 correções usadas este mês')).toBeInTheDocument();
  });

  it('says when the month’s quota is used up', async () => {
    mockApi({ 'GET /api/essays/e-1': ok(draft()), [`GET ${QUOTA_API}`]: ok(quota(4, 4)) }, ana);
    renderApp('/redacao/e-1/escrever', { storedUser: ana });
    expect(
      await screen.findByText('4 de 4 correções usadas este mês · renova no dia 1º'),
    ).toBeInTheDocument();
  });

  it('shows nothing without a quota', async () => {
    mockApi({ 'GET /api/essays/e-1': ok(draft()), [`GET ${QUOTA_API}`]: ok(quota(null)) }, ana);
    renderApp('/redacao/e-1/escrever', { storedUser: ana });
    expect(await screen.findByText('Professores do grupo')).toBeInTheDocument();
    expect(screen.queryByText(/correções usadas este mês/)).not.toBeInTheDocument();
  });
});
