import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { DIALOG_UNAVAILABLE, Dialog, DialogContent, makeDialog } from './dialog.tsx';
import { Toaster } from './toaster.tsx';

/** A dialog opened through state, as most of the app's are, with no Radix trigger. */
function StateOpened({ removeOpenerOnOpen = false }: { removeOpenerOnOpen?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Início</h1>
      {!(removeOpenerOnOpen && open) && <Button onClick={() => setOpen(true)}>Abrir</Button>}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Janela">
          <Button onClick={() => setOpen(false)}>Cancelar</Button>
        </DialogContent>
      </Dialog>
    </main>
  );
}

/** A dialog asked for by a menu item: the item is gone by the time the dialog closes. */
function MenuOpened() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button>Opções</Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content>
            <DropdownMenu.Item onSelect={() => setOpen(true)}>Excluir</DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Excluir?">
          <Button onClick={() => setOpen(false)}>Cancelar</Button>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('gives focus back to the control that opened it when Escape closes it', async () => {
    const user = userEvent.setup();
    render(<StateOpened />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    opener.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Janela' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("gives focus back to the opener after 'Cancelar'", async () => {
    const user = userEvent.setup();
    render(<StateOpened />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    opener.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("gives focus to the menu's button when a menu item opened it", async () => {
    const user = userEvent.setup();
    render(<MenuOpened />);
    const menuButton = screen.getByRole('button', { name: 'Opções' });
    menuButton.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Excluir' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Excluir?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(menuButton).toHaveFocus());
  });

  it("falls back to the page's heading when the opener is no longer there", async () => {
    const user = userEvent.setup();
    render(<StateOpened removeOpenerOnOpen />);
    screen.getByRole('button', { name: 'Abrir' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Janela' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Início' })).toHaveFocus());
  });
});

/** 'Criar grupo' with a dialog made apart (`makeDialog`), whose loader the test decides about. */
function FlakyOpener({ dialog }: { dialog: ReturnType<typeof makeDialog> }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <Button onClick={() => setOpen(true)}>Criar grupo</Button>
      <dialog.Dialog open={open} onOpenChange={setOpen}>
        <dialog.DialogContent title="Criar grupo">
          <p>Nome do grupo</p>
        </dialog.DialogContent>
      </dialog.Dialog>
    </main>
  );
}

describe('Dialog whose code does not arrive', () => {
  it('undoes the press and says so, and the next press asks for the code again and opens', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Made here, after the test setup has loaded every lazy part: its code fails to arrive once.
    const load = vi
      .fn<() => Promise<typeof import('./dialog-radix.tsx')>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(() => import('./dialog-radix.tsx'));
    const user = userEvent.setup();
    render(
      <>
        <FlakyOpener dialog={makeDialog(load)} />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Criar grupo' }));
    expect(await screen.findByText(DIALOG_UNAVAILABLE.title)).toBeInTheDocument();
    expect(screen.getByText(DIALOG_UNAVAILABLE.description)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const asked = load.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Criar grupo' }));
    expect(await screen.findByRole('dialog', { name: 'Criar grupo' })).toBeInTheDocument();
    expect(load.mock.calls.length).toBeGreaterThan(asked);
    // The failure's toast goes with it: on a phone it would sit over the dialog's controls.
    expect(screen.queryByText(DIALOG_UNAVAILABLE.title)).not.toBeInTheDocument();
  });
});
