import { createAnnouncementInputSchema } from '@estudai/contract';
import { ANNOUNCEMENT_MAX, TEACHING_MESSAGES as M } from '@estudai/contract/constants';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
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
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createAnnouncementInputSchema.safeParse({ content });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.announcementRequired);
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: M.announcementPosted, description: 'Todos os membros foram avisados.' });
        setContent('');
        onOpenChange(false);
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={M.newAnnouncement}
        description="Fica fixado no topo do grupo e notifica todos os membros."
      >
        <form onSubmit={handleSubmit} noValidate className="grid gap-4 p-5">
          <Field label="Aviso" error={error ?? undefined}>
            {({ id, errorId }) => (
              <Textarea
                id={id}
                maxLength={ANNOUNCEMENT_MAX}
                aria-invalid={error ? true : undefined}
                aria-describedby={errorId}
                value={content}
                onChange={(event) => setContent(event.target.value)}
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
