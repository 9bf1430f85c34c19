import { POST_MESSAGES, type Post } from '@estudai/contract/constants';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDeletePost } from '../api/manage-post.ts';
import { EditPostDialog } from './edit-post-dialog.tsx';

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800';

/** The author's menu on their own card: 'Editar' and 'Excluir' (asked first). */
export function PostMenu({ post }: { post: Post }) {
  const [editing, setEditing] = useState(false);
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
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            aria-label="Opções da publicação"
            className="flex size-8 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800 dark:hover:text-slate-200"
          >
            <MoreHorizontal className="size-5" aria-hidden />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-40 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            <DropdownMenu.Item className={itemClasses} onSelect={() => setEditing(true)}>
              <Pencil className="size-4" aria-hidden />
              Editar
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={`${itemClasses} text-red-700 dark:text-red-400`}
              onSelect={() => setDeleting(true)}
            >
              <Trash2 className="size-4" aria-hidden />
              Excluir
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <EditPostDialog post={post} open={editing} onOpenChange={setEditing} />
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
