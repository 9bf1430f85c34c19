import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePageSearchParams } from './page-search-params.ts';

function SearchBox() {
  const [params, setParams] = usePageSearchParams();
  return (
    <>
      <p>busca: {params.get('q') ?? ''}</p>
      <button type="button" onClick={() => setParams({ q: 'física' }, { replace: true })}>
        Escrever na busca
      </button>
      <Link to="/resultado">Abrir resultado</Link>
    </>
  );
}

const ResultPage = () => <p>Página do resultado</p>;

/** A router whose '/resultado' page arrives only when `arrive` is called, as a chunk on a slow link. */
function renderRouter() {
  let arrive: () => void = () => undefined;
  const code = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const router = createMemoryRouter([
    { path: '/', element: <SearchBox /> },
    {
      path: '/resultado',
      lazy: async () => {
        await code;
        return { Component: ResultPage };
      },
    },
  ]);
  render(<RouterProvider router={router} />);
  return { router, arrive };
}

describe('usePageSearchParams', () => {
  it('writes the address while the page stays', async () => {
    const { router } = renderRouter();
    await userEvent.click(screen.getByRole('button', { name: 'Escrever na busca' }));
    expect(router.state.location.search).toBe('?q=f%C3%ADsica');
    expect(screen.getByText('busca: física')).toBeInTheDocument();
  });

  it('lets a press on a result finish when the search writes its address meanwhile', async () => {
    const { router, arrive } = renderRouter();
    await userEvent.click(screen.getByRole('link', { name: 'Abrir resultado' }));
    expect(router.state.navigation.state).toBe('loading');
    await userEvent.click(screen.getByRole('button', { name: 'Escrever na busca' }));
    await act(async () => arrive());
    expect(await screen.findByText('Página do resultado')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/resultado');
  });
});
