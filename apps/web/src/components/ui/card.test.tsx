import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paddingClasses as paddings } from '../../test/classes.ts';
import { Card } from './card.tsx';

describe('Card', () => {
  it('pads 20 px by default, 16 or 24 px when asked, and not at all for content that runs to its edges', () => {
    render(
      <>
        <Card>padrão</Card>
        <Card padding="sm">menor</Card>
        <Card padding="lg">maior</Card>
        <Card padding="none">sem</Card>
      </>,
    );
    expect(paddings(screen.getByText('padrão'))).toEqual(['p-5']);
    expect(paddings(screen.getByText('menor'))).toEqual(['p-4']);
    expect(paddings(screen.getByText('maior'))).toEqual(['p-6']);
    expect(paddings(screen.getByText('sem'))).toEqual([]);
  });

  it('keeps the classes it is given beside its own', () => {
    render(<Card className="grid gap-3 py-10">conteúdo</Card>);
    expect(screen.getByText('conteúdo')).toHaveClass('rounded-2xl', 'p-5', 'grid', 'gap-3', 'py-10');
  });
});
