import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Image } from './image.tsx';

describe('Image', () => {
  it('shows the picture while its link works', () => {
    const { container } = render(<Image src="https://exemplo.com.br/foto.png" alt="Foto da aula" />);
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://exemplo.com.br/foto.png');
  });

  it('puts a neutral placeholder of the same size in place of a link that fails, keeping its name', () => {
    const { container } = render(
      <Image src="https://exemplo.com.br/sumiu.png" alt="Foto da aula" className="size-20" />,
    );
    fireEvent.error(container.querySelector('img') as Element);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Foto da aula' })).toHaveClass('size-20');
  });

  it('shows the fallback it is given, and tries a new link again', () => {
    const { container, rerender } = render(
      <Image src="https://exemplo.com.br/a.png" alt="" fallback={<span>AS</span>} />,
    );
    fireEvent.error(container.querySelector('img') as Element);
    expect(screen.getByText('AS')).toBeInTheDocument();
    rerender(<Image src="https://exemplo.com.br/b.png" alt="" fallback={<span>AS</span>} />);
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://exemplo.com.br/b.png');
  });
});
