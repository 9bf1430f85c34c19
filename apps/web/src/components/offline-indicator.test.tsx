import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OfflineIndicator } from './offline-indicator.tsx';

const pwa = vi.hoisted(() => ({ online: true }));
vi.mock('../lib/pwa.ts', () => ({ useIsOnline: () => pwa.online }));

describe('offline indicator', () => {
  it('shows nothing while online', () => {
    pwa.online = true;
    const { container } = render(<OfflineIndicator />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says when the saved content is shown offline', () => {
    pwa.online = false;
    render(<OfflineIndicator />);
    expect(screen.getByRole('status')).toHaveTextContent('Você está offline');
  });
});
