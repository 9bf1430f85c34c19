import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AnswerOptions } from './answer-options.tsx';

describe('AnswerOptions', () => {
  it('names a blank option by its letter (quiz options are not checked, spec §5)', () => {
    render(
      <AnswerOptions
        name="q"
        legend="Alternativas"
        options={['', '$2x$', ' ', 'Brasília']}
        value={null}
        onChange={vi.fn()}
        locked={false}
      />,
    );
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual([
      'Alternativa A',
      '2x',
      'Alternativa C',
      'Brasília',
    ]);
  });
});
