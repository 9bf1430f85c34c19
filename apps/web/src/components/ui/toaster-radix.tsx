import { TOAST_DURATION_MS } from '@estudai/contract/constants';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { dismissToast, useCurrentToast } from '../../lib/toast.ts';
import { toastClasses, VIEWPORT_CLASSES, VIEWPORT_HOTKEY, VIEWPORT_LABEL } from './toast-viewport.ts';

/**
 * Shows the toast of lib/toast.ts (one at a time); F8 focuses it, a 50 px swipe dismisses it.
 * Rendered by `Toaster` (toaster.tsx) from the first toast on.
 */
export function RadixToaster() {
  const current = useCurrentToast();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label="Notificação"
    >
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          duration={current.duration}
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          data-variant={current.variant}
          className={toastClasses(current.variant)}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {current.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Fechar"
            className="absolute top-3 right-3 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport
        hotkey={[VIEWPORT_HOTKEY]}
        label={VIEWPORT_LABEL}
        className={VIEWPORT_CLASSES}
      />
    </ToastPrimitive.Provider>
  );
}
