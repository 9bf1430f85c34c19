import { MEDIA_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { CoverUpload } from './cover-upload.tsx';

const photo = () => new File([new Uint8Array(500)], 'capa.jpg', { type: 'image/jpeg' });

describe("a group's cover from the device", () => {
  it('uploads the photo as a group cover and hands back its address', async () => {
    let purpose: unknown;
    mockApi({
      'POST /api/media': ({ body }) => {
        purpose = (body as { get?: (name: string) => unknown }).get?.('purpose');
        return ok(
          { url: 'http://localhost/media/covers/a.webp', kind: 'image', width: 800, height: 450 },
          201,
        );
      },
    });
    const uploaded: string[] = [];
    const { user } = renderWithProviders(<CoverUpload onUploaded={(url) => uploaded.push(url)} />);
    await user.upload(screen.getByLabelText('Enviar imagem do aparelho'), photo());
    await waitFor(() => expect(uploaded).toEqual(['http://localhost/media/covers/a.webp']));
    expect(purpose).toBe('group_cover');
  });

  it("shows the server's refusal", async () => {
    mockApi({ 'POST /api/media': fail(413, MEDIA_MESSAGES.tooLarge, 'TOO_LARGE') });
    const { user } = renderWithProviders(<CoverUpload onUploaded={() => {}} />);
    await user.upload(screen.getByLabelText('Enviar imagem do aparelho'), photo());
    expect(await screen.findByRole('alert')).toHaveTextContent(MEDIA_MESSAGES.tooLarge);
  });
});
