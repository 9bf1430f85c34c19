import { type UpdatePostInput, updatePostSchema } from '@estudai/contract';
import { POST_CONTENT_MAX, POST_MESSAGES, type Post } from '@estudai/contract/constants';
import { X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { bodyResolver, CHECKED_WHEN_SENT, firstErrorMessage } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdatePost } from '../api/manage-post.ts';

const STRUCTURED: Partial<Record<Post['type'], string>> = {
  question: 'da questão',
  poll: 'da enquete',
  question_set: 'do quiz',
};

interface EditValues {
  content: string;
  mediaUrls: string[];
}

const failedToast = (message: string | undefined) =>
  toast({
    title: POST_MESSAGES.errorTitle,
    description: message || POST_MESSAGES.editFailed,
    variant: 'destructive',
  });

function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const update = useUpdatePost(post.id);
  const hasMedia = post.type === 'photo' || post.type === 'attachment';
  // The text, and the links of a photo or attachment post (the only posts that have them).
  const { register, handleSubmit, watch, setValue } = useForm<EditValues, unknown, UpdatePostInput>({
    ...CHECKED_WHEN_SENT,
    resolver: bodyResolver(updatePostSchema, ({ content, mediaUrls }: EditValues) =>
      hasMedia ? { content, mediaUrls } : { content },
    ),
    defaultValues: { content: post.content, mediaUrls: post.mediaUrls },
  });
  const { content, mediaUrls } = watch();
  const tooLong = content.length > POST_CONTENT_MAX;
  const blank = post.type === 'text' && !content.trim();
  const structured = STRUCTURED[post.type];

  const handleSave = handleSubmit(
    (input) => {
      if (tooLong || blank || update.isPending) return;
      update.mutate(input, {
        onSuccess: () => {
          toast({ title: POST_MESSAGES.editedTitle });
          onDone();
        },
        onError: (error) => failedToast(error.message),
      });
    },
    // What the schema refuses besides a blank or too long text (which keep 'Salvar' off): a
    // hashtag too long, a link. Its message, as the server would answer it.
    (errors) => {
      if (!tooLong && !blank) failedToast(firstErrorMessage(errors));
    },
  );

  return (
    <form onSubmit={handleSave} className="grid min-w-0 gap-4 p-5">
      <Field label="Texto" error={blank ? POST_MESSAGES.contentRequired : undefined}>
        {({ id, errorId }) => (
          <Textarea id={id} aria-describedby={errorId} rows={5} {...register('content')} />
        )}
      </Field>
      <p className={cn('-mt-3 text-right text-xs', tooLong ? 'text-red-600' : 'text-slate-500')}>
        {content.length}/{POST_CONTENT_MAX}
      </p>
      {hasMedia && (
        <ul className="grid gap-1.5" aria-label={post.type === 'photo' ? 'Imagens' : 'Anexos'}>
          {mediaUrls.map((url) => (
            <li
              key={url}
              className="flex min-w-0 items-center gap-2 rounded-xl bg-slate-100 py-1 pr-1 pl-3 text-sm dark:bg-slate-800"
            >
              <span className="min-w-0 flex-1 truncate">{url}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remover ${url}`}
                disabled={mediaUrls.length <= 1}
                onClick={() =>
                  setValue(
                    'mediaUrls',
                    mediaUrls.filter((item) => item !== url),
                  )
                }
              >
                <X className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {structured && (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          Aqui você edita o texto {structured}. As alternativas não podem mudar depois que alguém respondeu.
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={tooLong || blank || update.isPending}>
          {update.isPending ? 'Salvando...' : 'Salvar'}
        </Button>
      </div>
    </form>
  );
}

/** 'Editar' on one's own post: its text, and the links of a photo or attachment post. */
export function EditPostDialog({
  post,
  open,
  onOpenChange,
}: {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent title="Editar publicação">
          <EditPostForm post={post} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}
