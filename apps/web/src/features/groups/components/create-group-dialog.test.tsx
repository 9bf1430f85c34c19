import { GROUP_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, lastPage, mockApi, ok } from '../../../test/api-mock.ts';
import { GROUP_ID, makeGroup, ownGroup } from '../../../test/groups.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

const mentor = { ...ana, userType: 'mentor' as const };
const COVER = 'http://localhost/media/covers/0123456789abcdef0123456789abcdef.webp';

async function openDialog(handlers = {}) {
  const api = mockApi(
    {
      'GET /api/study-groups/available': lastPage([]),
      [`GET /api/study-groups/${GROUP_ID}`]: ok(ownGroup()),
      [`GET /api/study-groups/${GROUP_ID}/posts`]: lastPage([]),
      ...handlers,
    },
    mentor,
  );
  const view = renderApp('/study-groups', { storedUser: mentor });
  await view.user.click(await screen.findByRole('button', { name: 'Criar grupo' }));
  const dialog = await screen.findByRole('dialog', { name: 'Criar grupo' });
  return { api, dialog, ...view };
}

const submit = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Criar grupo' });

describe("'Criar grupo' dialog", { timeout: 15_000 }, () => {
  it('shows the contract’s pt-BR messages for a blank form and sends nothing', async () => {
    const { api, dialog, user } = await openDialog();
    await user.click(submit(dialog));
    expect(await within(dialog).findByText(GROUP_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(GROUP_MESSAGES.descriptionRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(GROUP_MESSAGES.categoryInvalid)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nome do grupo')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/study-groups')).toHaveLength(0);
  });

  it("sends a paid group with the price in cents ('49,90' → 4990), then opens its page", async () => {
    const created = makeGroup({ name: 'Química do Zero', isOwner: true, isMember: true });
    const { api, dialog, user } = await openDialog({
      'POST /api/study-groups': ok(created, 201),
      'POST /api/media': ok(
        { url: COVER, kind: 'image', width: 800, height: 450, sensitivity: 'pending' },
        201,
      ),
    });
    await user.type(within(dialog).getByLabelText('Nome do grupo'), 'Química do Zero');
    await user.type(within(dialog).getByLabelText('Resumo (opcional)'), 'Do básico ao ENEM');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Aulas semanais e listas.');
    await user.selectOptions(within(dialog).getByLabelText('Categoria'), 'Química');
    await user.selectOptions(within(dialog).getByLabelText('Foco'), 'Vestibular');
    await user.click(within(dialog).getByRole('switch', { name: 'Grupo pago' }));
    await user.type(within(dialog).getByLabelText('Preço (R$)'), '49,90');
    await user.selectOptions(within(dialog).getByLabelText('Duração da assinatura'), '3 meses');
    await user.clear(within(dialog).getByLabelText('Máximo de membros'));
    await user.type(within(dialog).getByLabelText('Máximo de membros'), '30');
    // The cover is a photo from the device (issue 43: no outside links), shown before sending.
    await user.upload(
      within(dialog).getByLabelText('Enviar imagem do aparelho'),
      new File([new Uint8Array(500)], 'capa.jpg', { type: 'image/jpeg' }),
    );
    expect(await within(dialog).findByAltText('Capa escolhida')).toHaveAttribute('src', COVER);
    const tags = within(dialog).getByLabelText(/^Tags/);
    await user.type(tags, 'orgânica{Enter}enem{Enter}ENEM{Enter}');
    expect(
      within(within(dialog).getByRole('list', { name: 'Tags do grupo' })).getAllByRole('listitem'),
    ).toHaveLength(2);

    await user.click(submit(dialog));
    await expectToast('Grupo criado!');
    expect(api.callsTo('POST', '/api/study-groups')[0]?.body).toEqual({
      name: 'Química do Zero',
      summary: 'Do básico ao ENEM',
      description: 'Aulas semanais e listas.',
      category: 'quimica',
      subject: 'Vestibular',
      isPaid: true,
      price: 4990,
      subscriptionDuration: 3,
      maxMembers: 30,
      coverImage: COVER,
      tags: ['orgânica', 'enem'],
    });
    await waitFor(() => expect(currentPath()).toBe(`/study-groups/${GROUP_ID}`));
    expect(await screen.findByRole('heading', { name: 'Química do Zero' })).toBeInTheDocument();
  });

  it("sends a free group as price 0 and a lifetime ('Vitalício') subscription", async () => {
    const { api, dialog, user } = await openDialog({ 'POST /api/study-groups': ok(makeGroup(), 201) });
    await user.type(within(dialog).getByLabelText('Nome do grupo'), 'Física');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Grupo gratuito');
    await user.selectOptions(within(dialog).getByLabelText('Categoria'), 'Física');
    await user.click(submit(dialog));
    await expectToast('Grupo criado!');
    expect(api.callsTo('POST', '/api/study-groups')[0]?.body).toMatchObject({
      isPaid: false,
      price: 0,
      subscriptionDuration: null,
      maxMembers: 100,
      coverImage: null,
      tags: [],
    });
  });

  it('asks a paid group for a price above zero', async () => {
    const { api, dialog, user } = await openDialog();
    await user.type(within(dialog).getByLabelText('Nome do grupo'), 'Física');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Grupo pago');
    await user.selectOptions(within(dialog).getByLabelText('Categoria'), 'Física');
    await user.click(within(dialog).getByRole('switch', { name: 'Grupo pago' }));
    await user.click(submit(dialog));
    expect(await within(dialog).findByText(GROUP_MESSAGES.paidNeedsPrice)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/study-groups')).toHaveLength(0);
  });

  it("shows the price as typed in reais formatted ('1990' → R$ 1.990,00), and answers 'abc' in words", async () => {
    const { api, dialog, user } = await openDialog();
    await user.type(within(dialog).getByLabelText('Nome do grupo'), 'Física');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Grupo pago');
    await user.selectOptions(within(dialog).getByLabelText('Categoria'), 'Física');
    await user.click(within(dialog).getByRole('switch', { name: 'Grupo pago' }));
    const price = within(dialog).getByLabelText('Preço (R$)');
    await user.type(price, 'abc');
    await user.click(submit(dialog));
    expect(await within(dialog).findByText(GROUP_MESSAGES.priceTyped)).toBeInTheDocument();
    expect(within(dialog).queryByText(/centavos/)).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/study-groups')).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '1990');
    expect(within(dialog).getByText('R$ 1.990,00')).toBeInTheDocument();
    await user.tab();
    expect(price).toHaveValue('1.990,00');
    await user.clear(price);
    await user.type(price, '19,90');
    expect(within(dialog).getByText('R$ 19,90')).toBeInTheDocument();
  });

  it('refuses an 11th tag and lets a tag be removed', async () => {
    const { dialog, user } = await openDialog();
    const input = within(dialog).getByLabelText(/^Tags/);
    for (let n = 1; n <= 10; n += 1) await user.type(input, `tag${n}{Enter}`);
    const list = within(dialog).getByRole('list', { name: 'Tags do grupo' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);

    await user.type(input, 'tag11{Enter}');
    expect(within(dialog).getByText(GROUP_MESSAGES.tagsTooMany)).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).queryByText('#tag11')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remover tag tag3' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(9);
    // Enter in the tag box never submits the form.
    expect(within(dialog).queryByText(GROUP_MESSAGES.nameRequired)).not.toBeInTheDocument();
  });

  it("reads 'Criando...' while pending and shows the server's message on failure", async () => {
    let answer: (reply: ReturnType<typeof fail>) => void = () => {};
    const { dialog, user } = await openDialog({
      'POST /api/study-groups': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    await user.type(within(dialog).getByLabelText('Nome do grupo'), 'Física');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Grupo');
    await user.selectOptions(within(dialog).getByLabelText('Categoria'), 'Física');
    await user.click(submit(dialog));
    expect(await within(dialog).findByRole('button', { name: 'Criando...' })).toBeDisabled();
    answer(fail(403, GROUP_MESSAGES.createForbidden, 'FORBIDDEN'));
    await expectToast('Erro', GROUP_MESSAGES.createForbidden);
    expect(screen.getByRole('dialog', { name: 'Criar grupo' })).toBeInTheDocument();
  });
});
