import { VIDEO_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, lastPage, type MockReply, mockApi, ok } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';
import { GROUP_ID, lockedVideo, makeVideo, queriesTo } from '../testing/video-fixtures.ts';
import { GroupVideosTab } from './group-videos-tab.tsx';

const LIST = `/api/study-groups/${GROUP_ID}/videos`;
const page = (data: unknown[], hasMore: boolean): MockReply => ({ status: 200, body: { data, hasMore } });

function renderTab(isOwner: boolean) {
  return renderWithProviders(<GroupVideosTab groupId={GROUP_ID} isOwner={isOwner} />).user;
}

describe('the group page’s Vídeos tab', () => {
  it('lists the videos as cards linking to their pages, without owner actions for a member', async () => {
    mockApi(
      {
        [`GET ${LIST}`]: lastPage([makeVideo({ views: 1_500 }), lockedVideo({ id: 'v-2', title: 'Pilhas' })]),
      },
      ana,
    );
    renderTab(false);
    const list = await screen.findByRole('list', { name: 'Vídeos' });
    const first = within(list).getByRole('article', { name: 'Revisão de cinemática' });
    expect(within(first).getByRole('link', { name: 'Revisão de cinemática' })).toHaveAttribute(
      'href',
      `/study-groups/${GROUP_ID}/videos/v-1`,
    );
    expect(within(first).getByText('1,5k visualizações')).toBeInTheDocument();
    expect(within(first).getByTitle(VIDEO_MESSAGES.duration)).toHaveTextContent('Duração: 1:02:05');
    expect(within(list).getByRole('link', { name: 'Pilhas' })).toHaveAttribute(
      'href',
      `/study-groups/${GROUP_ID}/videos/v-2`,
    );
    expect(screen.queryByRole('button', { name: VIDEO_MESSAGES.add })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: VIDEO_MESSAGES.library })).toHaveAttribute('href', '/videos');
    expect(screen.queryByRole('button', { name: VIDEO_MESSAGES.delete })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: VIDEO_MESSAGES.groupLoadMore })).not.toBeInTheDocument();
  });

  it("says 'Nenhum vídeo encontrado' when the group has none", async () => {
    mockApi({ [`GET ${LIST}`]: lastPage([]) }, ana);
    renderTab(false);
    expect(await screen.findByText(VIDEO_MESSAGES.groupEmpty)).toBeInTheDocument();
  });

  it("loads the next page with 'Carregar mais'", async () => {
    const api = mockApi(
      {
        [`GET ${LIST}`]: () =>
          queriesTo(api.fetchMock, LIST).at(-1)?.get('page') === '1'
            ? page([makeVideo({ id: 'v-1', title: 'Aula 1' })], true)
            : page([makeVideo({ id: 'v-2', title: 'Aula 2' })], false),
      },
      ana,
    );
    const user = renderTab(false);
    await user.click(await screen.findByRole('button', { name: VIDEO_MESSAGES.groupLoadMore }));
    expect(await screen.findByRole('link', { name: 'Aula 2' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aula 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: VIDEO_MESSAGES.groupLoadMore })).not.toBeInTheDocument();
  });

  it('lets the owner add a video through the dialog, checked by the contract before sending', async () => {
    let videos = [makeVideo()];
    const api = mockApi(
      {
        [`GET ${LIST}`]: () => lastPage(videos),
        [`POST ${LIST}`]: (request) => {
          const created = makeVideo({ ...(request.body as object), id: 'v-new' });
          videos = [created, ...videos];
          return ok(created, 201);
        },
      },
      ana,
    );
    const user = renderTab(true);
    await user.click(await screen.findByRole('button', { name: VIDEO_MESSAGES.add }));
    const dialog = await screen.findByRole('dialog', { name: VIDEO_MESSAGES.add });
    await user.type(within(dialog).getByLabelText('Título'), 'Exercícios de vetores');
    await user.selectOptions(within(dialog).getByLabelText('Categoria'), 'Exercícios');
    await user.type(within(dialog).getByLabelText(/Link do vídeo/), 'javascript:alert(1)');
    const duration = within(dialog).getByLabelText(/^Duração/);
    await user.clear(duration);
    await user.type(duration, '754');
    expect(within(dialog).getByText('12:34')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: VIDEO_MESSAGES.addLink }));
    await user.type(within(dialog).getByLabelText('Título do link 1'), 'Lista resolvida');
    await user.type(within(dialog).getByLabelText('Endereço do link 1'), 'https://exemplo.com.br/lista.pdf');
    await user.selectOptions(within(dialog).getByLabelText('Tipo do link 1'), 'Download');

    await user.click(within(dialog).getByRole('button', { name: VIDEO_MESSAGES.save }));
    expect(await within(dialog).findByText(VIDEO_MESSAGES.videoUrlInvalid)).toBeInTheDocument();
    expect(api.callsTo('POST', LIST)).toHaveLength(0);

    const url = within(dialog).getByLabelText(/Link do vídeo/);
    await user.clear(url);
    await user.type(url, 'https://youtu.be/aqz-KE-bpKQ');
    await user.click(within(dialog).getByRole('button', { name: VIDEO_MESSAGES.save }));
    await expectToast(VIDEO_MESSAGES.added);
    expect(api.callsTo('POST', LIST)[0]?.body).toEqual({
      title: 'Exercícios de vetores',
      description: '',
      category: 'exercicios',
      videoUrl: 'https://youtu.be/aqz-KE-bpKQ',
      thumbnail: null,
      duration: 754,
      links: [{ title: 'Lista resolvida', url: 'https://exemplo.com.br/lista.pdf', type: 'download' }],
      isVisible: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'Exercícios de vetores' })).toBeInTheDocument();
  });

  it("takes the duration as '1:02:03', '62:03' or seconds, and says how to type it otherwise", async () => {
    const api = mockApi(
      {
        [`GET ${LIST}`]: lastPage([]),
        [`POST ${LIST}`]: (request) => ok(makeVideo(request.body as object), 201),
      },
      ana,
    );
    const user = renderTab(true);
    await user.click(await screen.findByRole('button', { name: VIDEO_MESSAGES.add }));
    const dialog = await screen.findByRole('dialog', { name: VIDEO_MESSAGES.add });
    await user.type(within(dialog).getByLabelText('Título'), 'Aula longa');
    await user.type(within(dialog).getByLabelText(/Link do vídeo/), 'https://youtu.be/aqz-KE-bpKQ');
    const duration = within(dialog).getByLabelText(/^Duração/);
    await user.type(duration, 'uma hora');
    await user.click(within(dialog).getByRole('button', { name: VIDEO_MESSAGES.save }));
    expect(await within(dialog).findByText(VIDEO_MESSAGES.durationTyped)).toBeInTheDocument();
    expect(api.callsTo('POST', LIST)).toHaveLength(0);
    await user.clear(duration);
    await user.type(duration, '62:03');
    expect(within(dialog).getByText('1:02:03')).toBeInTheDocument();
    await user.clear(duration);
    await user.type(duration, '1:02:03');
    await user.click(within(dialog).getByRole('button', { name: VIDEO_MESSAGES.save }));
    await expectToast(VIDEO_MESSAGES.added);
    expect(api.callsTo('POST', LIST)[0]?.body).toMatchObject({ duration: 3723 });
  });

  it('lets the owner edit a video, the form filled with its values', async () => {
    const api = mockApi(
      {
        [`GET ${LIST}`]: lastPage([makeVideo()]),
        [`PATCH ${LIST}/v-1`]: (request) => ok(makeVideo(request.body as object)),
      },
      ana,
    );
    const user = renderTab(true);
    await user.click(await screen.findByRole('button', { name: VIDEO_MESSAGES.edit }));
    const dialog = await screen.findByRole('dialog', { name: VIDEO_MESSAGES.edit });
    const title = within(dialog).getByLabelText('Título');
    expect(title).toHaveValue('Revisão de cinemática');
    expect(within(dialog).getByLabelText(/Link do vídeo/)).toHaveValue(
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    );
    // YouTube's own picture is the server's default, not a thumbnail the owner chose.
    expect(within(dialog).getByLabelText('Miniatura (opcional)')).toHaveValue('');
    expect(within(dialog).getByLabelText('Título do link 1')).toHaveValue('Lista de exercícios');
    await user.clear(title);
    await user.type(title, 'Revisão de cinemática (nova)');
    await user.click(within(dialog).getByRole('button', { name: VIDEO_MESSAGES.save }));
    await expectToast(VIDEO_MESSAGES.updated);
    expect(api.callsTo('PATCH', `${LIST}/v-1`)[0]?.body).toMatchObject({
      title: 'Revisão de cinemática (nova)',
      thumbnail: null,
      isVisible: true,
    });
  });

  it('lets the owner hide and show a video again', async () => {
    let visible = true;
    const api = mockApi(
      {
        [`GET ${LIST}`]: () => lastPage([makeVideo({ isVisible: visible })]),
        [`PATCH ${LIST}/v-1`]: (request) => {
          visible = (request.body as { isVisible: boolean }).isVisible;
          return ok(makeVideo({ isVisible: visible }));
        },
      },
      ana,
    );
    const user = renderTab(true);
    await user.click(await screen.findByRole('button', { name: VIDEO_MESSAGES.hide }));
    await expectToast(VIDEO_MESSAGES.hidden);
    expect(await screen.findByText(VIDEO_MESSAGES.hiddenBadge)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: VIDEO_MESSAGES.show }));
    await expectToast(VIDEO_MESSAGES.shown);
    expect(api.callsTo('PATCH', `${LIST}/v-1`).map((call) => call.body)).toEqual([
      { isVisible: false },
      { isVisible: true },
    ]);
    await waitFor(() => expect(screen.queryByText(VIDEO_MESSAGES.hiddenBadge)).not.toBeInTheDocument());
  });

  it('deletes a video only after the owner confirms', async () => {
    let videos = [makeVideo()];
    const api = mockApi(
      {
        [`GET ${LIST}`]: () => lastPage(videos),
        [`DELETE ${LIST}/v-1`]: () => {
          videos = [];
          return ok({ id: 'v-1' });
        },
      },
      ana,
    );
    const user = renderTab(true);
    await user.click(await screen.findByRole('button', { name: VIDEO_MESSAGES.delete }));
    let dialog = await screen.findByRole('dialog', { name: VIDEO_MESSAGES.deleteConfirmTitle });
    expect(dialog).toHaveTextContent(VIDEO_MESSAGES.deleteConfirm);
    await user.click(within(dialog).getByRole('button', { name: VIDEO_MESSAGES.cancel }));
    expect(api.callsTo('DELETE', `${LIST}/v-1`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: VIDEO_MESSAGES.delete }));
    dialog = await screen.findByRole('dialog', { name: VIDEO_MESSAGES.deleteConfirmTitle });
    await user.click(within(dialog).getByRole('button', { name: VIDEO_MESSAGES.delete }));
    await expectToast(VIDEO_MESSAGES.deleted);
    expect(api.callsTo('DELETE', `${LIST}/v-1`)).toHaveLength(1);
    expect(await screen.findByText(VIDEO_MESSAGES.groupEmpty)).toBeInTheDocument();
  });
});
