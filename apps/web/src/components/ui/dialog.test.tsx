import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { Dialog, DialogContent } from './dialog.tsx';

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
