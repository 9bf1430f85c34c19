import type { NotebookEntry } from '@estudai/contract/constants';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { useRemoveFromNotebook } from '../api/change-notebook.ts';

/** 'Remover', after a confirmation: the entry and its reviews go. */
export function RemoveEntryButton({ entry }: { entry: NotebookEntry }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveFromNotebook();
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-600 dark:text-red-400"
        onClick={() => setOpen(true)}
      >
        <Trash2 className="size-4" aria-hidden />
        Remover
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title="Remover do caderno?"
          description="A questão sai do caderno e das suas revisões. Você pode adicioná-la de novo pelo banco de questões."
        >
          <div className="flex gap-2 p-5">
            <Button variant="outline" className="flex-1" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button
              variant="destructive"
              className="flex-1"
              disabled={remove.isPending}
              onClick={() => remove.mutate(entry, { onSuccess: () => setOpen(false) })}
            >
              {remove.isPending ? 'Removendo...' : 'Remover'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
