import { POST_MESSAGES, type Post } from '@estudai/contract/constants';
import { Flag, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { CardMenu } from '../../../components/card-menu.tsx';
import { ReportContentDialog } from '../../../components/report-content-button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDeletePost } from '../api/manage-post.ts';

// The editing dialog loads on the first 'Editar', not with every card of one's own posts.
const EditPostDialog = lazyPart(() => import('./edit-post-dialog.tsx'), 'EditPostDialog');

/** The card's '…': 'Editar' and 'Excluir' (asked first) on one's own post, 'Denunciar' on anyone else's. */
export function PostMenu({ post, isOwn }: { post: Post; isOwn: boolean }) {
  const [reporting, setReporting] = useState(false);
  if (!isOwn) {
    return (
      <>
        <CardMenu
          label="Opções da publicação"
          items={[{ label: 'Denunciar', icon: Flag, onSelect: () => setReporting(true), destructive: true }]}
        />
        <ReportContentDialog kind="post" id={post.id} open={reporting} onOpenChange={setReporting} />
      </>
    );
  }
  return <OwnPostMenu post={post} />;
}

function OwnPostMenu({ post }: { post: Post }) {
  const [editing, setEditing] = useState(false);
  // Once opened it stays mounted, so closing animates.
  const [editorLoaded, setEditorLoaded] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeletePost(post.id);

  const handleDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setDeleting(false);
        toast({ title: POST_MESSAGES.deletedTitle });
      },
      onError: (error) =>
        toast({
          title: POST_MESSAGES.errorTitle,
          description: error.message || POST_MESSAGES.deleteFailed,
          variant: 'destructive',
        }),
    });

  return (
    <>
      <CardMenu
        label="Opções da publicação"
        items={[
          {
            label: 'Editar',
            icon: Pencil,
            onSelect: () => {
              setEditorLoaded(true);
              setEditing(true);
            },
          },
          { label: 'Excluir', icon: Trash2, onSelect: () => setDeleting(true), destructive: true },
        ]}
      />
      {editorLoaded && <EditPostDialog post={post} open={editing} onOpenChange={setEditing} />}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Excluir publicação?"
        description="Ela sai do feed com as curtidas, os comentários e as respostas. Não dá para desfazer."
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
        isPending={remove.isPending}
        destructive
        onConfirm={handleDelete}
      />
    </>
  );
}
