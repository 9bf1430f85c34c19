import { USER_MESSAGES } from '@estudai/contract/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '../../../lib/theme.ts';
import { ana, fail, lastPage, mockApi, ok, profileOf, studyStatsOf } from '../../../test/api-mock.ts';
import { makePost } from '../../../test/posts.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

const anaProfile = profileOf(ana, {
  bio: 'Foco no ENEM',
  followersCount: 3,
  followingCount: 2,
  totalStudyHours: 4.7,
  accuracyPercentage: 67,
  questionsAnswered: 12,
  studyStreak: 5,
  todayStudyTime: 135,
});

/** A file of `bytes` bytes that starts as a PNG does. */
const pngFile = (bytes: number, name = 'foto.png', type = 'image/png') => {
  const content = new Uint8Array(bytes);
  content.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([content], name, { type });
};

async function openEditor() {
  const view = renderApp('/profile');
  await view.user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Editar perfil' }) };
}

describe('own profile', () => {
  it('shows the header, the study statistics in the formats of spec §9 and both tabs', async () => {
    mockApi({ 'GET /api/users/u-ana': ok(anaProfile) }, ana);
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Ana Souza' })).toBeInTheDocument();
    expect(screen.getByText('@ana.souza')).toBeInTheDocument();
    expect(screen.getByText('Estudante')).toHaveAttribute('data-user-type', 'aluno');
    expect(screen.getByText('Foco no ENEM')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3 Seguidores' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2 Seguindo' })).toBeInTheDocument();
    expect(screen.queryByText(/grupos criados/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verificar conta' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Estatísticas de Estudo' })).toBeInTheDocument();
    const stat = (label: string) => screen.getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(stat('Total de Horas')).toBe('4,7h');
    expect(stat('Taxa de Acerto')).toBe('67%');
    expect(stat('Dias Seguidos')).toBe('5');
    expect(stat('Hoje')).toBe('2h 15m');

    expect(await screen.findByText('Seus posts aparecerão aqui')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Meus Posts' })).toHaveAttribute('aria-selected', 'true');
  });

  it("shows the verified hours: today, this week, the 'ofensiva' and the week's minutes by subject", async () => {
    const stats = studyStatsOf(ana, {
      verifiedMinutesToday: 25,
      verifiedMinutesWeek: 95,
      verifiedMinutesWeekBySubject: [
        { subject: 'matematica', minutes: 80 },
        { subject: null, minutes: 15 },
      ],
      streak: { days: 3, freezesLeft: 1 },
    });
    mockApi({ 'GET /api/users/u-ana': ok(anaProfile), 'GET /api/users/u-ana/study-stats': ok(stats) }, ana);
    renderApp('/profile');
    const section = (await screen.findByRole('heading', { name: 'Horas verificadas' })).closest('section');
    if (!section) throw new Error('no section');
    const figure = (label: string) =>
      within(section).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(figure('Verificadas hoje')).toBe('25m');
    expect(figure('Nesta semana')).toBe('1h 35m');
    expect(figure('Ofensiva')).toBe('3 dias');
    const bySubject = within(section).getByRole('list', {
      name: 'Horas verificadas por matéria nesta semana',
    });
    expect(
      within(bySubject)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Matemática1h 20m', 'Sem matéria15m']);
  });

  it("shows '—' as 'Taxa de Acerto' before any answer, not 0%", async () => {
    mockApi(
      { 'GET /api/users/u-ana': ok({ ...anaProfile, accuracyPercentage: 0, questionsAnswered: 0 }) },
      ana,
    );
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Estatísticas de Estudo' })).toBeInTheDocument();
    const stat = (label: string) => screen.getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(stat('Taxa de Acerto')).toBe('—');
  });

  it("shows three skeletons while posts load, then the posts and 'Salvos' with its empty text", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockApi(
      {
        'GET /api/users/u-ana': ok(anaProfile),
        'GET /api/users/u-ana/posts': async () => {
          await gate;
          return lastPage([makePost({ content: 'Resumo de citologia' })]);
        },
      },
      ana,
    );
    const { user } = renderApp('/profile');
    const loading = await screen.findByRole('status', { name: 'Carregando posts' });
    expect(loading.children).toHaveLength(3);
    release();
    expect(await screen.findByText('Resumo de citologia')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Salvos' }));
    expect(await screen.findByText('Posts salvos aparecerão aqui')).toBeInTheDocument();
  });

  it('shows content metrics and stars for a professor, and the group counts above zero', async () => {
    const carla = { ...ana, userType: 'professor' as const };
    mockApi(
      {
        'GET /api/users/u-ana': ok(
          profileOf(carla, {
            questionsCount: 7,
            overallRating: 4.5,
            ownGroups: [{ id: 'g1', name: 'ENEM Matemática' }],
            isVerified: true,
          }),
        ),
      },
      carla,
    );
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Métricas de Conteúdo' })).toBeInTheDocument();
    for (const label of ['Materiais', 'Vídeos', 'Questões', 'Avaliação'])
      expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Avaliação 4,5/5' })).toHaveLength(2);
    expect(screen.getByText('grupos criados')).toBeInTheDocument();
    expect(screen.queryByText('grupos participando')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verificado' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verificar conta' })).not.toBeInTheDocument();
  });

  it("'Verificar conta' tells a student the badge is for those who teach, and a professor how it is given", async () => {
    mockApi({ 'GET /api/users/u-ana': ok(anaProfile) }, ana);
    const student = renderApp('/profile');
    await student.user.click(await screen.findByRole('button', { name: 'Verificar conta' }));
    const studentSheet = await screen.findByRole('dialog', { name: 'Verificar conta' });
    expect(studentSheet).toHaveTextContent('Como estudante, você não precisa de verificação');
    expect(studentSheet).not.toHaveTextContent('com atuação comprovada');
    student.unmount();

    const carla = { ...ana, userType: 'professor' as const };
    mockApi({ 'GET /api/users/u-ana': ok(profileOf(carla)) }, carla);
    const professor = renderApp('/profile');
    await professor.user.click(await screen.findByRole('button', { name: 'Verificar conta' }));
    const professorSheet = await screen.findByRole('dialog', { name: 'Verificar conta' });
    expect(professorSheet).toHaveTextContent('com atuação comprovada');
    expect(professorSheet).not.toHaveTextContent('Como estudante');
  });

  it("shows 'Carregando perfil...' while loading", async () => {
    mockApi({ 'GET /api/users/u-ana': 'no-reply' }, ana);
    renderApp('/profile');
    expect(await screen.findByText(USER_MESSAGES.loadingProfile)).toBeInTheDocument();
  });

  it('keeps the theme choice and signing out in the settings', async () => {
    const api = mockApi({}, ana);
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Configurações' }));
    await user.click(screen.getByRole('radio', { name: 'Escuro' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.queryByRole('link', { name: 'Denúncias' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Baixar lista de espera (CSV)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
  });
});

it('gives an admin the moderation queue and the waiting list in the settings', async () => {
  mockApi({}, { ...ana, userType: 'admin' });
  const { user } = renderApp('/profile');
  await user.click(await screen.findByRole('button', { name: 'Configurações' }));
  expect(screen.getByRole('link', { name: 'Denúncias' })).toHaveAttribute('href', '/admin/denuncias');
  const download = screen.getByRole('link', { name: 'Baixar lista de espera (CSV)' });
  expect(download).toHaveAttribute('href', '/api/admin/waitlist.csv');
  expect(download).toHaveAttribute('download');
});

it("gives a guardian's account 'Painel do responsável' in the settings instead of 'Objetivo e matérias' (issue 36)", async () => {
  const marta = { ...ana, userType: 'responsavel' as const };
  mockApi({ 'GET /api/users/u-ana': ok(profileOf(marta)) }, marta);
  const { user } = renderApp('/profile');
  await user.click(await screen.findByRole('button', { name: 'Configurações' }));
  expect(screen.getByRole('link', { name: 'Painel do responsável' })).toHaveAttribute('href', '/responsavel');
  expect(screen.queryByRole('link', { name: 'Objetivo e matérias' })).not.toBeInTheDocument();
});

describe('edit profile dialog', () => {
  it("counts the bio as 'n/200 caracteres' and disables Salvar while a field is invalid", async () => {
    mockApi({}, ana);
    const { dialog } = await openEditor();
    const save = within(dialog).getByRole('button', { name: 'Salvar' });
    const bio = within(dialog).getByLabelText('Bio');
    const name = within(dialog).getByLabelText('Nome');
    expect(within(dialog).getByText('0/200 caracteres')).toBeInTheDocument();

    fireEvent.change(bio, { target: { value: 'b'.repeat(201) } });
    expect(within(dialog).getByText('201/200 caracteres')).toBeInTheDocument();
    expect(save).toBeDisabled();
    fireEvent.change(bio, { target: { value: 'b'.repeat(200) } });
    expect(save).toBeEnabled();

    fireEvent.change(name, { target: { value: '    ' } });
    expect(save).toBeDisabled();
    fireEvent.change(name, { target: { value: 'a'.repeat(51) } });
    expect(save).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Ana Júlia' } });
    expect(save).toBeEnabled();
  });

  it('offers admin as a type only to an admin', async () => {
    mockApi({}, ana);
    const { dialog } = await openEditor();
    const options = within(within(dialog).getByLabelText('Tipo de usuário')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Estudante', 'Professor', 'Mentor', 'Tutor']);
  });

  it("sends trimmed values, then shows 'Perfil atualizado'", async () => {
    const api = mockApi(
      { 'PATCH /api/users/me': ({ body }) => ok({ ...anaProfile, ...(body as object) }) },
      ana,
    );
    const { user, dialog } = await openEditor();
    const bio = within(dialog).getByLabelText('Bio');
    await user.clear(bio);
    await user.type(bio, '  Medicina 2026  ');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast(USER_MESSAGES.profileUpdatedTitle, USER_MESSAGES.profileUpdated);
    expect(api.callsTo('PATCH', '/api/users/me')[0]?.body).toEqual({
      displayName: 'Ana Souza',
      bio: 'Medicina 2026',
      location: '',
      website: '',
      userType: 'aluno',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the new name and picture on her post cards at once, without a reload', async () => {
    const own = {
      id: ana.id,
      displayName: 'Ana Souza',
      username: ana.username,
      avatar: null,
      userType: 'aluno' as const,
      isVerified: false,
    };
    mockApi(
      {
        'GET /api/users/u-ana/posts': lastPage([makePost({ content: 'Resumo de citologia', author: own })]),
        'PATCH /api/users/me': ({ body }) =>
          ok({ ...anaProfile, ...(body as object), avatar: '/media/avatars/a.webp' }),
      },
      ana,
    );
    const { user, dialog } = await openEditor();
    const article = (await screen.findByText('Resumo de citologia')).closest('article') as HTMLElement;
    expect(within(article).getByText('Ana Souza')).toBeInTheDocument();
    const name = within(dialog).getByLabelText('Nome');
    await user.clear(name);
    await user.type(name, 'Ana Júlia');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast(USER_MESSAGES.profileUpdatedTitle);
    await waitFor(() => expect(within(article).getByText('Ana Júlia')).toBeInTheDocument());
    expect(within(article).queryByText('Ana Souza')).not.toBeInTheDocument();
    expect(article.querySelector('img[src="/media/avatars/a.webp"]')).not.toBeNull();
  });

  it("shows 'Erro' when saving fails", async () => {
    mockApi({ 'PATCH /api/users/me': fail(500, 'falhou') }, ana);
    const { user, dialog } = await openEditor();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast(USER_MESSAGES.errorTitle, USER_MESSAGES.profileUpdateFailed);
    expect(screen.getByRole('dialog', { name: 'Editar perfil' })).toBeInTheDocument();
  });

  it("refuses an avatar over 5MB with 'Arquivo muito grande' and a non-image with 'Formato inválido'", async () => {
    const api = mockApi({}, ana);
    const { user, dialog } = await openEditor();
    const input = within(dialog).getByLabelText('Escolher foto de perfil');
    await user.upload(input, pngFile(5 * 1024 * 1024 + 1));
    await expectToast(USER_MESSAGES.avatarTooLargeTitle, USER_MESSAGES.avatarTooLarge);
    fireEvent.change(input, { target: { files: [new File(['oi'], 'notas.txt', { type: 'text/plain' })] } });
    await expectToast(USER_MESSAGES.avatarInvalidTitle, USER_MESSAGES.avatarInvalid);
    expect(api.callsTo('PATCH', '/api/users/me')).toHaveLength(0);
  });

  it("refuses a text file renamed '.png' by its bytes, before anything is sent", async () => {
    const api = mockApi({}, ana);
    const { user, dialog } = await openEditor();
    const renamed = new File(['isto não é uma imagem'], 'foto.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Escolher foto de perfil'), renamed);
    await expectToast(USER_MESSAGES.avatarInvalidTitle, USER_MESSAGES.avatarInvalid);
    expect(screen.queryByText(USER_MESSAGES.imageLoadedTitle)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/users/me')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/users/me')[0]?.body).not.toHaveProperty('avatar');
  });

  it("shows the server's reason when it refuses the saved picture", async () => {
    mockApi({ 'PATCH /api/users/me': fail(400, USER_MESSAGES.avatarTooManyPixels, 'INVALID_IMAGE') }, ana);
    const { user, dialog } = await openEditor();
    await user.upload(within(dialog).getByLabelText('Escolher foto de perfil'), pngFile(1024));
    await expectToast(USER_MESSAGES.imageLoadedTitle);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast(USER_MESSAGES.errorTitle, USER_MESSAGES.avatarTooManyPixels);
    expect(screen.getByRole('dialog', { name: 'Editar perfil' })).toBeInTheDocument();
  });

  it("loads a picked image into the form with 'Imagem carregada' and sends it only on Salvar", async () => {
    const api = mockApi(
      { 'PATCH /api/users/me': ok({ ...anaProfile, avatar: '/media/avatars/a.webp' }) },
      ana,
    );
    const { user, dialog } = await openEditor();
    await user.upload(within(dialog).getByLabelText('Escolher foto de perfil'), pngFile(1024));
    await expectToast(USER_MESSAGES.imageLoadedTitle, USER_MESSAGES.imageLoaded);
    expect(api.callsTo('PATCH', '/api/users/me')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast(USER_MESSAGES.profileUpdatedTitle);
    const body = api.callsTo('PATCH', '/api/users/me')[0]?.body as { avatar: string };
    expect(body.avatar).toMatch(/^data:image\/png;base64,/);
  });
});
