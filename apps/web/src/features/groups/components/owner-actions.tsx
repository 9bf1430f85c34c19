import type { StudyGroup } from '@estudai/contract/constants';
import { Pencil, Power, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useUpdateGroup } from '../api/update-group.ts';
import { EditGroupDialog } from './edit-group-dialog.tsx';
import { InviteDialog } from './invite-dialog.tsx';

/** The owner edits the group, invites followers, or deactivates it (no new members, members keep access) and back. */
export function OwnerActions({ group }: { group: StudyGroup }) {
  const updateGroup = useUpdateGroup(group.id);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [inviting, setInviting] = useState(false);
  const deactivating = group.isActive;

  const handleConfirm = () =>
    updateGroup.mutate(
      { isActive: !group.isActive },
      {
        onSuccess: () => {
          toast({ title: deactivating ? 'Grupo desativado' : 'Grupo reativado' });
          setConfirming(false);
        },
        onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => setEditing(true)}>
        <Pencil className="size-4" aria-hidden />
        Editar grupo
      </Button>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        <Power className="size-4" aria-hidden />
        {deactivating ? 'Desativar grupo' : 'Reativar grupo'}
      </Button>
      <Button variant="outline" onClick={() => setInviting(true)}>
        <UserPlus className="size-4" aria-hidden />
        Convidar
      </Button>
      <EditGroupDialog group={group} open={editing} onOpenChange={setEditing} />
      <InviteDialog group={group} open={inviting} onOpenChange={setInviting} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={deactivating ? 'Desativar grupo?' : 'Reativar grupo?'}
        description={
          deactivating
            ? 'O grupo deixa de aparecer em "Disponíveis" e não aceita novos membros. Quem já participa continua com acesso.'
            : 'O grupo volta a aparecer em "Disponíveis" e a aceitar novos membros.'
        }
        confirmLabel={deactivating ? 'Desativar grupo' : 'Reativar grupo'}
        pendingLabel="Salvando..."
        isPending={updateGroup.isPending}
        destructive={deactivating}
        onConfirm={handleConfirm}
      />
    </div>
  );
}
