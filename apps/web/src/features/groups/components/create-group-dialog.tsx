import { useNavigate } from 'react-router';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateGroup } from '../api/create-group.ts';
import { emptyGroupValues, GroupForm, type GroupFormValues } from './group-form.tsx';

/** 'Criar grupo': on success the new group's page opens; the server's reason shows on failure. */
export function CreateGroupDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const createGroup = useCreateGroup();

  const handleSubmit = (values: GroupFormValues) =>
    createGroup.mutate(values, {
      onSuccess: (group) => {
        toast({ title: 'Grupo criado!', description: `${group.name} já está no ar.` });
        onOpenChange(false);
        navigate(paths.studyGroup(group.id));
      },
      onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Criar grupo"
        description="Grupos gratuitos ou pagos, com posts, materiais, vídeos e fórum."
      >
        <GroupForm
          defaultValues={emptyGroupValues()}
          submitLabel="Criar grupo"
          pendingLabel="Criando..."
          isPending={createGroup.isPending}
          onSubmit={handleSubmit}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
