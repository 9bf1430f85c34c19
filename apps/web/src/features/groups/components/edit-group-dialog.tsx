import { GROUP_MESSAGES, type StudyGroup } from '@estudai/contract/constants';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateGroup } from '../api/update-group.ts';
import { GroupForm, type GroupFormValues, groupValues } from './group-form.tsx';

type Changes = Omit<GroupFormValues, 'currency'>;

/** A new price on a paid group that has members: they paid the old one, so the owner confirms first. */
const changesPaidPrice = (group: StudyGroup, values: Changes) =>
  group.isPaid && group.currentMembers > 0 && values.isPaid && values.price !== group.price;

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
  const [confirming, setConfirming] = useState<Changes | null>(null);

  const save = (values: Changes) =>
    updateGroup.mutate(values, {
      onSuccess: () => {
        setConfirming(null);
        toast({ title: 'Grupo atualizado', description: 'As alterações foram salvas.' });
        onOpenChange(false);
      },
      onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
    });

  const handleSubmit = ({ currency: _currency, ...values }: GroupFormValues) => {
    if (changesPaidPrice(group, values)) setConfirming(values);
    else save(values);
  };

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
        <ConfirmDialog
          open={confirming !== null}
          onOpenChange={(isOpen) => {
            if (!isOpen) setConfirming(null);
          }}
          title={GROUP_MESSAGES.priceChangeTitle}
          description={GROUP_MESSAGES.priceChange(
            group.currentMembers,
            formatPrice(group.price),
            formatPrice(confirming?.price ?? group.price),
          )}
          confirmLabel={GROUP_MESSAGES.priceChangeConfirm}
          pendingLabel="Salvando..."
          isPending={updateGroup.isPending}
          onConfirm={() => {
            if (confirming) save(confirming);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
