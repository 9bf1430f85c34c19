import { TOAST_DURATION_MS } from '@estudai/contract/constants';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast.ts';
import { Toaster } from './toaster.tsx';

describe('toaster', () => {
  it('shows one toast at a time: a new one replaces the one on screen', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Primeiro' });
      toast({ title: 'Segundo', description: 'Detalhe', variant: 'destructive' });
    });
    expect(screen.queryByText('Primeiro')).not.toBeInTheDocument();
    expect(screen.getByText('Segundo').closest('li')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('closes by itself after 3 s by default', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Salvo' });
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.getByText('Salvo')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Salvo')).not.toBeInTheDocument();
  });

  it('keeps a longer toast as long as asked', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Denúncia enviada', duration: 5_000 });
    });
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.getByText('Denúncia enviada')).toBeInTheDocument();
  });

  it('offers a way to the toasts with F8', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: 'Notificações (F8)' })).toBeInTheDocument();
  });
});
