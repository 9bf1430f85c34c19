import { type CreateAnnouncementInput, createAnnouncementInputSchema } from '@estudai/contract';
import { ANNOUNCEMENT_MAX, TEACHING_MESSAGES as M } from '@estudai/contract/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { CHECKED_WHEN_SENT } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateAnnouncement } from '../api/announcements.ts';

/** 'Novo aviso': pinned on top of the group, every member notified (live, and by push). */
export function AnnouncementDialog({
  groupId,
  open,
  onOpenChange,
}: {
  groupId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateAnnouncement(groupId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<{ content: string }, unknown, CreateAnnouncementInput>({
    ...CHECKED_WHEN_SENT,
    resolver: zodResolver(createAnnouncementInputSchema),
    defaultValues: { content: '' },
  });

  const handlePublish = handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => {
        toast({ title: M.announcementPosted, description: 'Todos os membros foram avisados.' });
        reset();
        onOpenChange(false);
      },
      onError: (failure) => setError('content', { message: failure.message }),
    }),
  );

  const error = errors.content?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={M.newAnnouncement}
        description="Fica fixado no topo do grupo e notifica todos os membros."
      >
        <form onSubmit={handlePublish} noValidate className="grid gap-4 p-5">
          <Field label="Aviso" error={error}>
            {({ id, errorId }) => (
              <Textarea
                id={id}
                maxLength={ANNOUNCEMENT_MAX}
                aria-invalid={error ? true : undefined}
                aria-describedby={errorId}
                {...register('content')}
              />
            )}
          </Field>
          <Button type="submit" size="lg" disabled={create.isPending}>
            {create.isPending ? 'Publicando...' : 'Publicar aviso'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
