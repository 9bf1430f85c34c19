import type { StudyGroup } from '@estudai/contract/constants';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useUpdateGroup } from '../api/update-group.ts';
import { GroupForm, type GroupFormValues, groupValues } from './group-form.tsx';

/** The owner's 'Editar grupo': the creation form, filled in, sent as PATCH. */
export function EditGroupDialog({
  group,
  open,
  onOpenChange,
}: {
  group: StudyGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const updateGroup = useUpdateGroup(group.id);

  const handleSubmit = ({ currency: _currency, ...values }: GroupFormValues) =>
    updateGroup.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Grupo atualizado', description: 'As alterações foram salvas.' });
        onOpenChange(false);
      },
      onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Editar grupo">
        <GroupForm
          defaultValues={groupValues(group)}
          submitLabel="Salvar"
          pendingLabel="Salvando..."
          isPending={updateGroup.isPending}
          onSubmit={handleSubmit}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
