import { GROUP_MESSAGES, type Material, materialFieldsSchema } from '@estudai/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDeleteMaterial, useUpdateMaterial } from '../api/manage-material.ts';

const failed = (error: Error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' });

type EditValues = z.input<typeof materialFieldsSchema>;

/** 'Editar material': its title and description (the file stays; a new one is a new material). */
function EditMaterialForm({
  groupId,
  material,
  onDone,
}: {
  groupId: string;
  material: Material;
  onDone: () => void;
}) {
  const update = useUpdateMaterial(groupId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditValues, unknown, z.output<typeof materialFieldsSchema>>({
    resolver: zodResolver(materialFieldsSchema),
    defaultValues: { title: material.title, description: material.description },
  });
  const handleSave = handleSubmit((input) =>
    update.mutate(
      { materialId: material.id, input },
      {
        onSuccess: () => {
          toast({ title: GROUP_MESSAGES.materialUpdated });
          onDone();
        },
        onError: failed,
      },
    ),
  );
  return (
    <form noValidate onSubmit={handleSave} className="grid gap-3 p-5">
      <Field label="Título" error={errors.title?.message}>
        {({ id, errorId }) => (
          <Input
            id={id}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? errorId : undefined}
            {...register('title')}
          />
        )}
      </Field>
      <Field label="Descrição (opcional)" error={errors.description?.message}>
        {({ id, errorId }) => (
          <Textarea
            id={id}
            rows={3}
            aria-describedby={errors.description ? errorId : undefined}
            {...register('description')}
          />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Salvando...' : 'Salvar'}
        </Button>
      </div>
    </form>
  );
}

/** The owner's edit, hide/show and delete (after a confirmation) for one material, as for a video. */
export function MaterialOwnerActions({ groupId, material }: { groupId: string; material: Material }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateMaterial(groupId);
  const remove = useDeleteMaterial(groupId);

  const handleToggleVisible = () =>
    update.mutate(
      { materialId: material.id, input: { isVisible: !material.isVisible } },
      {
        onSuccess: (saved) =>
          toast({ title: saved.isVisible ? GROUP_MESSAGES.materialShown : GROUP_MESSAGES.materialHidden }),
        onError: failed,
      },
    );
  const handleDelete = () =>
    remove.mutate(material.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: GROUP_MESSAGES.materialDeleted });
      },
      onError: failed,
    });

  return (
    <div className="flex flex-wrap gap-1">
      <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
        <Pencil className="size-4" aria-hidden />
        {GROUP_MESSAGES.materialEdit}
      </Button>
      <Button variant="ghost" size="sm" disabled={update.isPending} onClick={handleToggleVisible}>
        {material.isVisible ? (
          <EyeOff className="size-4" aria-hidden />
        ) : (
          <Eye className="size-4" aria-hidden />
        )}
        {material.isVisible ? GROUP_MESSAGES.materialHide : GROUP_MESSAGES.materialShow}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 dark:text-red-300"
        onClick={() => setConfirming(true)}
      >
        <Trash2 className="size-4" aria-hidden />
        {GROUP_MESSAGES.materialDelete}
      </Button>
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent title={GROUP_MESSAGES.materialEdit}>
          {editing && (
            <EditMaterialForm groupId={groupId} material={material} onDone={() => setEditing(false)} />
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={GROUP_MESSAGES.materialDeleteConfirmTitle}
        description={GROUP_MESSAGES.materialDeleteConfirm}
        confirmLabel={GROUP_MESSAGES.materialDelete}
        pendingLabel="Excluindo..."
        isPending={remove.isPending}
        destructive
        onConfirm={handleDelete}
      />
    </div>
  );
}
