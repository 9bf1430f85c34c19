import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lastPage, ok } from '../../../test/api-mock.ts';
import { currentQuery, GROUP_ID, groupPage, memberGroup, renderGroup } from '../../../test/groups.ts';
import { makePost } from '../../../test/posts.ts';
import { expectToast } from '../../../test/toast.ts';

const groupPath = `/api/study-groups/${GROUP_ID}`;
/** Whole journeys through the app: room for a busy machine. */
const SLOW_MS = 15_000;

describe('/study-groups/{id}: the Posts tab for a member', { timeout: SLOW_MS }, () => {
  it("lists the group's posts with the feed's cards and loads page 2 with 'Carregar mais'", async () => {
    const { api, user } = renderGroup(memberGroup(), {
      [`GET ${groupPath}/posts`]: () =>
        currentQuery().get('page') === '2'
          ? groupPage([makePost({ id: 'p-2', content: 'Segundo post', studyGroupId: GROUP_ID })])
          : groupPage([makePost({ id: 'p-1', content: 'Primeiro post', studyGroupId: GROUP_ID })], true),
    });
    expect(await screen.findByText('Primeiro post', {}, { timeout: 3_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('Segundo post')).toBeInTheDocument();
    expect(screen.getByText('Primeiro post')).toBeInTheDocument();
    const pages = api.callsTo('GET', `${groupPath}/posts`);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it("publishes in the group from 'Novo post' and the group's posts refresh", async () => {
    let posted = false;
    const { api, user } = renderGroup(memberGroup(), {
      'GET /api/study-groups/my': lastPage([memberGroup()]),
      [`GET ${groupPath}/posts`]: () =>
        lastPage(posted ? [makePost({ content: 'Olá, turma!', studyGroupId: GROUP_ID })] : []),
      'POST /api/posts': () => {
        posted = true;
        return ok(makePost({ studyGroupId: GROUP_ID }), 201);
      },
      'GET /api/posts': lastPage([]),
    });
    await screen.findByText('Nenhum post encontrado');
    await user.click(screen.getByRole('button', { name: 'Novo post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar novo post' });
    const destination = within(dialog).getByLabelText('Publicar em');
    await waitFor(() => expect(destination).toHaveDisplayValue('Física para o ENEM'));
    expect(
      within(destination)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Feed principal', 'Física para o ENEM']);
    await user.type(within(dialog).getByLabelText('Conteúdo'), 'Olá, turma!');
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    await expectToast('Post criado!');
    expect(api.callsTo('POST', '/api/posts')[0]?.body).toMatchObject({ studyGroupId: GROUP_ID });
    expect(await screen.findByText('Olá, turma!')).toBeInTheDocument();
  });
});
