import { GROUP_MESSAGES } from '@estudai/contract/constants';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, lastPage, ok } from '../../../test/api-mock.ts';
import { carla, GROUP_ID, memberGroup, ownGroup, renderGroup } from '../../../test/groups.ts';
import { currentPath } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

const groupPath = `/api/study-groups/${GROUP_ID}`;
/** Whole journeys through the app: room for a busy machine. */
const SLOW_MS = 15_000;

describe('/study-groups/{id}: the Materiais tab for a member', { timeout: SLOW_MS }, () => {
  it('lists materials with size, downloads and a download link', async () => {
    const material = {
      id: 'm-1',
      studyGroupId: GROUP_ID,
      title: 'Lista de cinemática',
      description: 'Exercícios resolvidos',
      type: 'pdf',
      fileUrl: `${groupPath}/materials/m-1/download`,
      fileName: 'cinematica.pdf',
      fileSize: Math.round(2.3 * 1024 * 1024),
      downloadCount: 7,
      isVisible: true,
      uploadedBy: carla.id,
      createdAt: '2026-01-11T12:00:00.000Z',
    };
    const { user } = renderGroup(memberGroup(), { [`GET ${groupPath}/materials`]: lastPage([material]) });
    await user.click(await screen.findByRole('tab', { name: 'Materiais' }));
    expect(await screen.findByRole('heading', { name: 'Lista de cinemática' })).toBeInTheDocument();
    expect(screen.getByText('Exercícios resolvidos')).toBeInTheDocument();
    expect(screen.getByText('2,3 MB · 7 downloads')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Baixar Lista de cinemática' })).toHaveAttribute(
      'href',
      material.fileUrl,
    );
    // Only the owner sends materials.
    expect(screen.queryByRole('form', { name: 'Enviar material' })).not.toBeInTheDocument();
  });

  it("says 'Nenhum material encontrado' when there are none, and the forum tab opens the forum", async () => {
    const { user } = renderGroup(memberGroup(), {
      [`GET ${groupPath}/forum`]: lastPage([]),
    });
    await user.click(await screen.findByRole('tab', { name: 'Materiais' }));
    expect(await screen.findByText('Nenhum material encontrado')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Vídeos' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Fórum' }));
    await user.click(await screen.findByRole('button', { name: 'Abrir fórum' }));
    expect(currentPath()).toBe(`/study-groups/${GROUP_ID}/forum`);
  });
});

describe('/study-groups/{id}: the Materiais tab for its owner', { timeout: SLOW_MS }, () => {
  async function openUploadForm() {
    const view = renderGroup(ownGroup());
    await view.user.click(await screen.findByRole('tab', { name: 'Materiais' }));
    const form = await screen.findByRole('form', { name: 'Enviar material' });
    const fileInput = within(form).getByLabelText('Arquivo PDF (até 20 MB)');
    const send = () => view.user.click(within(form).getByRole('button', { name: 'Enviar material' }));
    return { ...view, form, fileInput, send };
  }

  it('asks for a title and a file before sending a material', async () => {
    const { api, form, fileInput, send } = await openUploadForm();
    expect(fileInput).toHaveAttribute('accept', 'application/pdf');
    await send();
    expect(await within(form).findByText(GROUP_MESSAGES.materialTitleRequired)).toBeInTheDocument();
    expect(within(form).getByText('Escolha um arquivo PDF.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${groupPath}/materials`)).toHaveLength(0);
  });

  it('refuses a file that is not a PDF', async () => {
    const { api, user, form, fileInput, send } = await openUploadForm();
    await user.type(within(form).getByLabelText('Título do material'), 'Resumo');
    // A browser's picker may still hand over another type ('all files'): the form checks it.
    fireEvent.change(fileInput, {
      target: { files: [new File(['png'], 'foto.png', { type: 'image/png' })] },
    });
    await send();
    expect(await within(form).findByText(GROUP_MESSAGES.materialNotPdf)).toBeInTheDocument();
    expect(api.callsTo('POST', `${groupPath}/materials`)).toHaveLength(0);
  });

  it('refuses a PDF over 20 MB', async () => {
    const { api, user, form, fileInput, send } = await openUploadForm();
    await user.type(within(form).getByLabelText('Título do material'), 'Resumo');
    const big = new File(['%PDF-'], 'grande.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    fireEvent.change(fileInput, { target: { files: [big] } });
    await send();
    expect(await within(form).findByText(GROUP_MESSAGES.materialTooLarge)).toBeInTheDocument();
    expect(api.callsTo('POST', `${groupPath}/materials`)).toHaveLength(0);
  });

  it('sends a PDF as multipart form data and lists it', async () => {
    let uploaded = false;
    const material = {
      id: 'm-9',
      studyGroupId: GROUP_ID,
      title: 'Resumo de óptica',
      description: '',
      type: 'pdf',
      fileUrl: `${groupPath}/materials/m-9/download`,
      fileName: 'optica.pdf',
      fileSize: 850 * 1024,
      downloadCount: 0,
      isVisible: true,
      uploadedBy: ana.id,
      createdAt: '2026-01-11T12:00:00.000Z',
    };
    const { api, user } = renderGroup(ownGroup(), {
      [`GET ${groupPath}/materials`]: () => lastPage(uploaded ? [material] : []),
      [`POST ${groupPath}/materials`]: () => {
        uploaded = true;
        return ok(material, 201);
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Materiais' }));
    const form = await screen.findByRole('form', { name: 'Enviar material' });
    await user.type(within(form).getByLabelText('Título do material'), 'Resumo de óptica');
    const pdf = new File(['%PDF-1.4'], 'optica.pdf', { type: 'application/pdf' });
    await user.upload(within(form).getByLabelText('Arquivo PDF (até 20 MB)'), pdf);
    await user.click(within(form).getByRole('button', { name: 'Enviar material' }));
    await expectToast('Material enviado!');
    const body = api.callsTo('POST', `${groupPath}/materials`)[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('title')).toBe('Resumo de óptica');
    expect((body.get('file') as File).name).toBe('optica.pdf');
    expect(await screen.findByText('850 KB · 0 downloads')).toBeInTheDocument();
    expect(within(form).getByLabelText('Título do material')).toHaveValue('');
  });
});

describe('/study-groups/{id}: the owner manages a material', { timeout: SLOW_MS }, () => {
  const stored = (overrides = {}) => ({
    id: 'm-1',
    studyGroupId: GROUP_ID,
    title: 'Lista 1',
    description: '',
    type: 'pdf',
    fileUrl: `${groupPath}/materials/m-1/download`,
    fileName: 'lista-1.pdf',
    fileSize: 850 * 1024,
    downloadCount: 3,
    isVisible: true,
    uploadedBy: carla.id,
    createdAt: '2026-01-11T12:00:00.000Z',
    ...overrides,
  });

  it('renames it, hides and shows it, and deletes it after confirming', async () => {
    let material: ReturnType<typeof stored> | null = stored();
    const { api, user } = renderGroup(ownGroup(), {
      [`GET ${groupPath}/materials`]: () => lastPage(material ? [material] : []),
      [`PATCH ${groupPath}/materials/m-1`]: ({ body }: { body: unknown }) => {
        material = stored({ ...material, ...(body as object) });
        return ok(material);
      },
      [`DELETE ${groupPath}/materials/m-1`]: () => {
        material = null;
        return ok({ id: 'm-1' });
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Materiais' }));
    await user.click(await screen.findByRole('button', { name: GROUP_MESSAGES.materialEdit }));
    const dialog = await screen.findByRole('dialog', { name: GROUP_MESSAGES.materialEdit });
    const title = within(dialog).getByLabelText('Título');
    expect(title).toHaveValue('Lista 1');
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(GROUP_MESSAGES.materialTitleRequired)).toBeInTheDocument();
    await user.type(title, 'Lista 1 — resolvida');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast(GROUP_MESSAGES.materialUpdated);
    expect(await screen.findByRole('heading', { name: 'Lista 1 — resolvida' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: GROUP_MESSAGES.materialHide }));
    await expectToast(GROUP_MESSAGES.materialHidden);
    expect(await screen.findByText('Oculto')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: GROUP_MESSAGES.materialShow }));
    await expectToast(GROUP_MESSAGES.materialShown);

    await user.click(screen.getByRole('button', { name: GROUP_MESSAGES.materialDelete }));
    const confirm = await screen.findByRole('dialog', { name: GROUP_MESSAGES.materialDeleteConfirmTitle });
    expect(api.callsTo('DELETE', `${groupPath}/materials/m-1`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: GROUP_MESSAGES.materialDelete }));
    await expectToast(GROUP_MESSAGES.materialDeleted);
    expect(await screen.findByText('Nenhum material encontrado')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `${groupPath}/materials/m-1`).map((call) => call.body)).toEqual([
      { title: 'Lista 1 — resolvida', description: '' },
      { isVisible: false },
      { isVisible: true },
    ]);
  });

  it('offers a member none of these', async () => {
    const { user } = renderGroup(memberGroup(), { [`GET ${groupPath}/materials`]: lastPage([stored()]) });
    await user.click(await screen.findByRole('tab', { name: 'Materiais' }));
    expect(await screen.findByRole('heading', { name: 'Lista 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: GROUP_MESSAGES.materialEdit })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: GROUP_MESSAGES.materialDelete })).not.toBeInTheDocument();
  });
});
