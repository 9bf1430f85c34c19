import { MEDIA_MESSAGES } from '@estudai/contract/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { makePost, page } from '../../../test/posts.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

const image = (name: string, bytes = 1_000, type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type });

async function openPhotoDialog(handlers = {}) {
  const api = mockApi({ 'GET /api/posts': page([]), ...handlers }, ana);
  const view = renderApp('/?create-post=1', { storedUser: ana });
  await screen.findByRole('dialog', { name: 'Criar novo post' });
  await view.user.click(screen.getByRole('radio', { name: 'Foto' }));
  return { api, ...view };
}

describe('photos and PDFs from the device', () => {
  it('uploads the photos picked, shows them, and publishes their addresses', async () => {
    // The uploads go by XMLHttpRequest (for their progress): counted here, not among the fetch calls.
    let n = 0;
    const { api, user } = await openPhotoDialog({
      'POST /api/media': () => ok({ url: `http://localhost/media/posts/${++n}.webp`, kind: 'image' }, 201),
      'POST /api/posts': ok(makePost({ type: 'photo' }), 201),
    });
    await user.upload(screen.getByLabelText('Escolher fotos'), [
      image('a.jpg'),
      image('b.png', 10, 'image/png'),
    ]);
    const list = await screen.findByRole('list', { name: 'Imagens adicionadas' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2), { timeout: 5_000 });
    expect(n).toBe(2);
    const publish = screen.getByRole('button', { name: 'Publicar' });
    await waitFor(() => expect(publish).toBeEnabled());
    await user.click(publish);
    await waitFor(() => expect(api.callsTo('POST', '/api/posts')).toHaveLength(1), { timeout: 5_000 });
    expect(api.callsTo('POST', '/api/posts')[0]?.body).toMatchObject({
      type: 'photo',
      mediaUrls: ['http://localhost/media/posts/1.webp', 'http://localhost/media/posts/2.webp'],
    });
  });

  it('takes at most ten photos and says so about the 11th', async () => {
    let sent = 0;
    const { user } = await openPhotoDialog({
      'POST /api/media': () => ok({ url: `http://localhost/media/posts/${++sent}.webp`, kind: 'image' }, 201),
    });
    const files = Array.from({ length: 11 }, (_, index) => image(`foto-${index}.jpg`));
    await user.upload(screen.getByLabelText('Escolher fotos'), files);
    await expectToast('Não foi possível adicionar', MEDIA_MESSAGES.tooManyImages);
    await waitFor(() => expect(sent).toBe(10));
    await waitFor(() => expect(screen.getByLabelText('Escolher fotos')).toBeDisabled());
  });

  it('refuses a file that is not an image without sending it', async () => {
    let sent = 0;
    await openPhotoDialog({
      'POST /api/media': () => ok({ url: `http://localhost/media/posts/${++sent}.webp`, kind: 'image' }, 201),
    });
    // What a file manager lets through despite `accept` (a renamed file, 'All files').
    fireEvent.change(screen.getByLabelText('Escolher fotos'), {
      target: { files: [image('nota.txt', 10, 'text/plain')] },
    });
    await expectToast('Não foi possível adicionar', `nota.txt: ${MEDIA_MESSAGES.notImage}`);
    expect(sent).toBe(0);
  });

  it('refuses an image over 10 MB without sending it', async () => {
    let sent = 0;
    const { user } = await openPhotoDialog({
      'POST /api/media': () => ok({ url: `http://localhost/media/posts/${++sent}.webp`, kind: 'image' }, 201),
    });
    await user.upload(screen.getByLabelText('Escolher fotos'), image('enorme.jpg', 11 * 1024 * 1024));
    await expectToast('Não foi possível adicionar', `enorme.jpg: ${MEDIA_MESSAGES.tooLarge}`);
    expect(sent).toBe(0);
  });

  it("shows the server's refusal on the thumbnail and keeps publishing open", async () => {
    const { user } = await openPhotoDialog({
      'POST /api/media': fail(400, MEDIA_MESSAGES.notImage, 'INVALID_FILE'),
    });
    await user.upload(screen.getByLabelText('Escolher fotos'), image('falsa.jpg'));
    expect(await screen.findByText(MEDIA_MESSAGES.notImage)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publicar' })).toBeEnabled());
  });

  it('Anexo picks PDFs', async () => {
    let sent = 0;
    const { user } = await openPhotoDialog({
      'POST /api/media': () => {
        sent++;
        return ok({ url: 'http://localhost/media/attachments/a.pdf', kind: 'pdf' }, 201);
      },
    });
    await user.click(screen.getByRole('radio', { name: 'Anexo' }));
    await user.upload(
      screen.getByLabelText('Escolher PDF'),
      new File(['%PDF-1.4'], 'lista.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('http://localhost/media/attachments/a.pdf')).toBeInTheDocument();
    expect(sent).toBe(1);
  });
});
