import { MEDIA_MESSAGES } from '@estudai/contract/constants';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MediaGallery } from './media-gallery.tsx';

// Issue 43: what the image check said decides how a photo shows.
const url = 'http://localhost/media/posts/a.webp';

describe('MediaGallery and the image check', () => {
  it('blurs a sensitive photo behind its cover until a tap reveals it', async () => {
    const { container } = render(<MediaGallery media={[{ url, sensitivity: 'sensitive' }]} />);
    const cover = screen.getByRole('button', { name: MEDIA_MESSAGES.sensitiveCover });
    expect(cover).toHaveTextContent('Conteúdo sensível — toque para ver');
    expect(container.querySelector('img')).toHaveClass('blur-2xl');
    await userEvent.click(cover);
    expect(screen.queryByText(MEDIA_MESSAGES.sensitiveCover)).toBeNull();
    expect(container.querySelector('img')).not.toHaveClass('blur-2xl');
    expect(screen.getByRole('button', { name: 'Ver imagem 1 de 1' })).toBeInTheDocument();
  });

  it('keeps a photo being checked blurred, and shows no image at all without an address', async () => {
    const { container } = render(
      <MediaGallery
        media={[
          { url, sensitivity: 'pending' },
          { url: null, sensitivity: 'sensitive' },
          { url: null, sensitivity: 'blocked' },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: MEDIA_MESSAGES.pendingCover }));
    expect(container.querySelector('img')).toHaveClass('blur-2xl');
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(screen.getByText(MEDIA_MESSAGES.hiddenForMinor)).toBeInTheDocument();
    expect(screen.getByText(MEDIA_MESSAGES.blockedImage)).toBeInTheDocument();
  });

  it('shows its uploader their own photo while it is checked (only others wait for the check)', () => {
    const { container } = render(<MediaGallery media={[{ url, sensitivity: 'pending' }]} own />);
    expect(screen.queryByText(MEDIA_MESSAGES.pendingCover)).toBeNull();
    expect(container.querySelector('img')).not.toHaveClass('blur-2xl');
    expect(screen.getByRole('button', { name: 'Ver imagem 1 de 1' })).toBeInTheDocument();
  });

  it('shows an ok photo as it is', () => {
    const { container } = render(<MediaGallery media={[{ url, sensitivity: 'ok' }]} />);
    expect(container.querySelector('img')).not.toHaveClass('blur-2xl');
    expect(screen.queryByText(MEDIA_MESSAGES.sensitiveCover)).toBeNull();
  });

  it("gives a post's photo its author's description as alt text, and none while it is covered (issue 36)", async () => {
    const alt = 'Mapa mental de genética com as leis de Mendel';
    render(
      <MediaGallery
        media={[
          { url, sensitivity: 'ok', alt },
          { url: 'http://localhost/media/posts/b.webp', sensitivity: 'sensitive', alt: 'Gráfico' },
        ]}
      />,
    );
    expect(screen.getByAltText(alt)).toHaveAttribute('src', url);
    expect(screen.getByRole('button', { name: `Ver imagem 1 de 2: ${alt}` })).toBeInTheDocument();
    // A covered photo keeps its description until it is revealed.
    expect(screen.queryByAltText('Gráfico')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: MEDIA_MESSAGES.sensitiveCover }));
    expect(screen.getByAltText('Gráfico')).toBeInTheDocument();
  });
});
