import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptyBankFilters } from '../../lib/queries/bank-questions.ts';
import { mockApi } from '../../test/api-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { BankFilters } from './bank-filters.tsx';

describe('BankFilters', () => {
  it('checks a box at the tap, before the page (here: never) hands the new filters back', async () => {
    // On the bank page the filters come back through the address, in a navigation a slow phone may
    // still be rendering: the box must not wait for it.
    const onChange = vi.fn();
    const { user } = renderWithProviders(<BankFilters filters={emptyBankFilters} onChange={onChange} />);
    await user.click(screen.getByLabelText('Matéria'));
    await user.click(screen.getByRole('checkbox', { name: 'Física' }));
    expect(screen.getByRole('checkbox', { name: 'Física' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith({ ...emptyBankFilters, subject: 'fisica' });
    await user.click(screen.getByRole('checkbox', { name: 'Matemática' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...emptyBankFilters, subject: 'matematica,fisica' });
    expect(screen.getByLabelText('Matéria')).toHaveTextContent('Matemática, Física');
  });

  it('asks for anuladas and desatualizadas only when its box is checked', async () => {
    mockApi();
    const onChange = vi.fn();
    const { user, rerender } = renderWithProviders(
      <BankFilters filters={emptyBankFilters} onChange={onChange} />,
    );
    const box = screen.getByRole('checkbox', { name: 'Incluir anuladas e desatualizadas' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(onChange).toHaveBeenLastCalledWith({ ...emptyBankFilters, includeInactive: 'true' });
    rerender(<BankFilters filters={{ ...emptyBankFilters, includeInactive: 'true' }} onChange={onChange} />);
    await user.click(screen.getByRole('checkbox', { name: 'Incluir anuladas e desatualizadas' }));
    expect(onChange).toHaveBeenLastCalledWith(emptyBankFilters);
  });
});
