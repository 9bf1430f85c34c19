import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { dismissToast, toast } from '../../lib/toast.ts';
import { focusOrigin, OpenerContext } from './dialog-opener.ts';
import type { DialogContentProps } from './dialog-radix.tsx';

/** What a press that could not open a dialog (its code did not arrive) says. */
export const DIALOG_UNAVAILABLE = {
  title: 'Não foi possível abrir',
  description: 'Verifique sua conexão e tente de novo.',
} as const;

/**
 * The app's `Dialog` and `DialogContent`, on Radix's dialog (focus trap, scroll lock, hiding the page
 * from screen readers) loaded by `load` when a dialog first opens: every dialog of the app opens on a
 * press, none with the page. Made once below; tests make one whose code fails to arrive.
 */
export function makeDialog(load: () => Promise<typeof import('./dialog-radix.tsx')>) {
  const DialogRoot = lazyPart(load, 'DialogRoot');
  const RadixDialogContent = lazyPart(load, 'RadixDialogContent');
  const loaded = () => DialogRoot.loaded() !== undefined && RadixDialogContent.loaded() !== undefined;

  /**
   * A dialog opened from state (`open`). Radix gives focus back on close only to its own trigger; the
   * app's dialogs open from state (some lazily, some from a menu item), so this notes what had focus
   * as it opens. Until it first opens it renders nothing (a closed dialog shows nothing either); on
   * opening, once Radix's code is there (at once after the first time), the dialog.
   */
  // biome-ignore lint/correctness/noComponentHookFactories: made once at module load (below), as React.lazy is; tests make their own.
  function Dialog({
    open,
    onOpenChange,
    children,
  }: {
    open: boolean;
    onOpenChange?: (open: boolean) => void;
    children?: ReactNode;
  }) {
    const openerRef = useRef<HTMLElement | null>(null);
    // A layout effect: it runs before Radix moves focus into the dialog, and before a menu that
    // asked for it is taken out of the page.
    useLayoutEffect(() => {
      if (open) openerRef.current = focusOrigin(document.activeElement);
    }, [open]);
    // Once opened it stays mounted, so closing animates.
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    const [, setArrived] = useState(false);
    const ready = loaded();
    const onOpenChangeRef = useRef(onOpenChange);
    onOpenChangeRef.current = onOpenChange;
    const failureToast = useRef<number | undefined>(undefined);
    useEffect(() => {
      // A chunk that fails to arrive (offline on a first visit) leaves the dialog closed, and the
      // press is undone: the next one asks for the chunk again, and its arrival takes the toast
      // away (it would sit over the dialog's controls on a phone).
      if (open && !ready)
        void Promise.all([DialogRoot.preload(), RadixDialogContent.preload()]).then(
          () => {
            if (failureToast.current !== undefined) dismissToast(failureToast.current);
            setArrived(true);
          },
          () => {
            onOpenChangeRef.current?.(false);
            failureToast.current = toast({ ...DIALOG_UNAVAILABLE, variant: 'destructive' });
          },
        );
    }, [open, ready]);
    if (!opened || !ready) return null;
    return (
      <OpenerContext.Provider value={openerRef}>
        <DialogRoot open={open} onOpenChange={onOpenChange}>
          {children}
        </DialogRoot>
      </OpenerContext.Provider>
    );
  }

  /**
   * A modal over a dimmed page: a sheet from the bottom on phones, a centred card from `sm` up,
   * 512 px wide or, with `size="lg"`, 768 px. Focus stays inside, Escape and the close button dismiss
   * it, and focus then goes back to what opened it. Rendered only inside an open `Dialog`, whose code
   * has then arrived.
   */
  // biome-ignore lint/correctness/noComponentHookFactories: made once at module load, with Dialog.
  const DialogContent = (props: DialogContentProps) => <RadixDialogContent {...props} />;

  return { Dialog, DialogContent };
}

export const { Dialog, DialogContent } = makeDialog(() => import('./dialog-radix.tsx'));
