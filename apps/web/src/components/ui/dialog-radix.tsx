import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ComponentPropsWithoutRef, type ReactNode, useContext, useLayoutEffect, useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { focusOrigin, OpenerContext } from './dialog-opener.ts';

/** The page's heading, made focusable: where focus goes when what opened a dialog is gone. */
function focusHeading() {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/** Radix's dialog root, rendered by `Dialog` (dialog.tsx) once this code has arrived. */
export const DialogRoot = (props: DialogPrimitive.DialogProps) => <DialogPrimitive.Root {...props} />;

const widths = { md: 'sm:max-w-lg', lg: 'sm:max-w-3xl' } as const;

/**
 * A modal over a dimmed page: a sheet from the bottom on phones, a centred card from `sm` up,
 * 512 px wide or, with `size="lg"`, 768 px. Focus stays inside, Escape and the close button dismiss
 * it, and focus then goes back to what opened it.
 */
export type DialogContentProps = Omit<ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, 'title'> & {
  title: string;
  size?: keyof typeof widths;
  description?: ReactNode;
  hideTitle?: boolean;
};

/** `DialogContent` (dialog.tsx) once this code has arrived. */
export function RadixDialogContent({
  title,
  description,
  children,
  className,
  hideTitle = false,
  onCloseAutoFocus,
  onEscapeKeyDown,
  size = 'md',
  ...props
}: DialogContentProps) {
  const rootOpener = useContext(OpenerContext);
  // An uncontrolled dialog (opened by its trigger) has no opener noted by the root: note it here.
  const mountOpener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    mountOpener.current = focusOrigin(document.activeElement);
  }, []);
  const handleCloseAutoFocus = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    const opener = rootOpener?.current ?? mountOpener.current;
    if (opener?.isConnected) {
      opener.focus();
      if (document.activeElement === opener) return event.preventDefault();
    }
    // Radix now focuses the dialog's trigger if it has one; if focus is still nowhere, the heading.
    queueMicrotask(() => {
      if (!document.activeElement || document.activeElement === document.body) focusHeading();
    });
  };

  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
      <DialogPrimitive.Content
        // Without a description Radix expects an explicit opt-out.
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-3xl bg-white shadow-xl outline-none',
          'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl',
          widths[size],
          'dark:bg-slate-900 dark:text-slate-100',
          className,
        )}
        {...props}
        onEscapeKeyDown={(event) => {
          onEscapeKeyDown?.(event);
          // Escape in a text box with its suggestions open closes the suggestions, not the dialog.
          const target = event.target;
          if (
            target instanceof HTMLElement &&
            target.getAttribute('aria-autocomplete') === 'list' &&
            target.hasAttribute('aria-activedescendant')
          ) {
            event.preventDefault();
          }
        }}
        onCloseAutoFocus={handleCloseAutoFocus}
      >
        <div className="flex items-start gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
          <div className={cn('grid flex-1 gap-1', hideTitle && 'sr-only')}>
            <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
            {description && (
              <DialogPrimitive.Description className="text-sm text-slate-500 dark:text-slate-400">
                {description}
              </DialogPrimitive.Description>
            )}
          </div>
          <DialogPrimitive.Close
            aria-label="Fechar"
            className="-mr-2 ml-auto flex size-10 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
          >
            <X className="size-5" aria-hidden />
          </DialogPrimitive.Close>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
