import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerOptions } from './answer-options.tsx';
import { eliminatedOptions } from './eliminated-options.ts';

const options = ['Brasília', 'Salvador', 'Recife', 'Manaus', 'Curitiba'];

function Options({ locked = false, shares }: { locked?: boolean; shares?: number[] | null }) {
  return (
    <AnswerOptions
      name="q"
      legend="Alternativas"
      options={options}
      value={locked ? 1 : null}
      onChange={() => {}}
      locked={locked}
      correctAnswer={locked ? 0 : undefined}
      shares={shares}
      eliminationKey="p-1:0"
    />
  );
}

describe('AnswerOptions', () => {
  afterEach(() => localStorage.clear());

  it('strikes alternatives through while answering, remembers them on the device, and forgets them once answered (issue 40)', async () => {
    const user = userEvent.setup();
    const view = render(<Options />);
    const strike = screen.getByRole('button', { name: 'Eliminar alternativa B' });
    await user.click(strike);
    await user.click(screen.getByRole('button', { name: 'Eliminar alternativa D' }));
    expect(strike).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Salvador')).toHaveClass('line-through');
    expect(screen.getByText('Brasília')).not.toHaveClass('line-through');
    // The radio stays: an eliminated alternative can still be chosen.
    expect(screen.getByRole('radio', { name: 'Salvador' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Eliminar alternativa D' }));
    expect(eliminatedOptions('p-1:0')).toEqual([1]);

    // A reload (a new screen) keeps the strike.
    view.unmount();
    const again = render(<Options />);
    expect(screen.getByText('Salvador')).toHaveClass('line-through');
    again.unmount();

    // Answered: no more strikes, nothing kept, and what others chose per alternative.
    render(<Options locked shares={[0.5, 0.25, 0.125, 0.125, 0]} />);
    expect(screen.queryByRole('button', { name: /Eliminar alternativa/ })).not.toBeInTheDocument();
    expect(screen.getByText('Salvador')).not.toHaveClass('line-through');
    expect(eliminatedOptions('p-1:0')).toEqual([]);
    expect(screen.getByText('Brasília').closest('label')).toHaveTextContent('50% escolheram');
    expect(screen.getByText('Curitiba').closest('label')).toHaveTextContent('0% escolheram');
  });

  it('shows no shares under 10 answers (null)', () => {
    render(<Options locked shares={null} />);
    expect(screen.queryByText(/escolheram/)).not.toBeInTheDocument();
  });
});
