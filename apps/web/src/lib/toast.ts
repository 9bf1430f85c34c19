import { TOAST_DURATION_MS } from '@estudai/contract/constants';
import { useSyncExternalStore } from 'react';

type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; spec §9: 3 s unless a screen says otherwise. */
  duration?: number;
}

export interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
}

// At most one toast at a time (spec §9): a new one replaces the one on screen.
let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): number {
  current = { variant: 'default', duration: TOAST_DURATION_MS, ...input, id: nextId++ };
  emit();
  return current.id;
}

export function dismissToast(id?: number) {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): ToastItem | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
