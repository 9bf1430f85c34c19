import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';

describe('privacy page', () => {
  it('explains to a visitor what is kept, why, for how long, who sees it and how to export or delete', async () => {
    mockApi();
    renderApp('/privacidade');
    expect(await screen.findByRole('heading', { name: 'Privacidade' })).toBeInTheDocument();
    for (const title of [
      'O que guardamos',
      'Para que usamos',
      'Quem vê o quê',
      'Por quanto tempo guardamos',
      'Como baixar ou apagar seus dados',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(currentPath()).toBe('/privacidade');
  });

  it('is linked from the sign-up form', async () => {
    mockApi();
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Criar conta' }));
    await user.click(await screen.findByRole('button', { name: /^Aluno/ }));
    await user.click(await screen.findByRole('link', { name: 'página de privacidade' }));
    expect(await screen.findByRole('heading', { name: 'Privacidade' })).toBeInTheDocument();
  });
});
