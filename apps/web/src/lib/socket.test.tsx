import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ana, mockApi } from '../test/api-mock.ts';
import { AuthProvider } from './auth.tsx';
import { createQueryClient } from './query-client.ts';
import { useRealtimeSocket } from './socket.ts';

const io = vi.hoisted(() => vi.fn());
vi.mock('socket.io-client', () => ({ io }));

function fakeConnection() {
  return { disconnect: vi.fn() };
}

function Holder({ name }: { name: string }) {
  const socket = useRealtimeSocket();
  return <p>{socket ? `${name}: ligado` : `${name}: desligado`}</p>;
}

function renderHolders(holders: string[]) {
  const ui = (names: string[]) => (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {names.map((name) => (
          <Holder key={name} name={name} />
        ))}
      </AuthProvider>
    </QueryClientProvider>
  );
  const queryClient = createQueryClient();
  const view = render(ui(holders));
  return { ...view, rerenderWith: (names: string[]) => view.rerender(ui(names)) };
}

afterEach(() => io.mockReset());

describe('the live connection', () => {
  it('is opened once for the whole tab, with back-off, and closed when the last user goes', async () => {
    const connection = fakeConnection();
    io.mockReturnValue(connection);
    mockApi({}, ana);
    const view = renderHolders(['lista', 'conversa']);
    expect(await screen.findByText('lista: ligado')).toBeInTheDocument();
    expect(await screen.findByText('conversa: ligado')).toBeInTheDocument();
    expect(io).toHaveBeenCalledTimes(1);
    expect(io).toHaveBeenCalledWith(
      expect.objectContaining({
        path: '/socket.io',
        transports: ['websocket', 'polling'],
        reconnectionDelay: 1_000,
        reconnectionDelayMax: 30_000,
      }),
    );

    view.rerenderWith(['lista']);
    await Promise.resolve();
    expect(connection.disconnect).not.toHaveBeenCalled();

    view.unmount();
    await waitFor(() => expect(connection.disconnect).toHaveBeenCalledTimes(1));
  });

  it('is not opened while nobody is signed in', async () => {
    mockApi({}, null);
    renderHolders(['lista']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('lista: desligado')).toBeInTheDocument();
    expect(io).not.toHaveBeenCalled();
  });
});
