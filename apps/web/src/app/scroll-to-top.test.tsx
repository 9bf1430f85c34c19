import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <ScrollToTop /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('ScrollToTop', () => {
  it('opens a page reached by a link or a redirect at its top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const router = renderAt('/study-groups/1/payment');
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/study-groups/1'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    await act(() => router.navigate('/study-groups', { replace: true }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('leaves back and forward, and a change of the query alone, where they are', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const router = renderAt('/');
    await act(() => router.navigate('/?create=1'));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/videos'));
    scrollTo.mockClear();
    await act(() => router.navigate(-1));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
