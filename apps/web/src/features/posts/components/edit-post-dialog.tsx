import { type UpdatePostInput, updatePostSchema } from '@estudai/contract';
import { POST_CONTENT_MAX, POST_MESSAGES, type Post } from '@estudai/contract/constants';
import { useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { bodyResolver, CHECKED_WHEN_SENT, firstErrorMessage } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdatePost } from '../api/manage-post.ts';
import { LinkItem, PhotoItem } from './media-items.tsx';

const STRUCTURED: Partial<Record<Post['type'], string>> = {
  question: 'da questão',
  poll: 'da enquete',
  question_set: 'do quiz',
};

interface EditValues {
  content: string;
  /** A photo or attachment post's links; a photo's `alt` is its description for screen readers. */
  media: { url: string; alt: string }[];
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
  const isPhoto = post.type === 'photo';
  const { register, handleSubmit, watch, control } = useForm<EditValues, unknown, UpdatePostInput>({
    ...CHECKED_WHEN_SENT,
    resolver: bodyResolver(updatePostSchema, ({ content, media }: EditValues) => {
      if (!hasMedia) return { content };
      const mediaUrls = media.map((item) => item.url);
      // A photo's descriptions are sent whole: one cleared here is cleared on the post too.
      return isPhoto
        ? { content, mediaUrls, mediaAlts: media.map((item) => item.alt.trim()) }
        : { content, mediaUrls };
    }),
    defaultValues: {
      content: post.content,
      media: post.mediaUrls.map((url) => ({
        url,
        alt: post.media.find((item) => item.url === url)?.alt ?? '',
      })),
    },
  });
  const { fields, remove } = useFieldArray({ control, name: 'media' });
  const content = watch('content');
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
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" aria-label={isPhoto ? 'Imagens' : 'Anexos'}>
          {fields.map((field, index) =>
            isPhoto ? (
              <PhotoItem
                key={field.id}
                url={field.url}
                index={index}
                count={fields.length}
                description={register(`media.${index}.alt`)}
                removable={fields.length > 1}
                onRemove={() => remove(index)}
              />
            ) : (
              <LinkItem
                key={field.id}
                url={field.url}
                removable={fields.length > 1}
                onRemove={() => remove(index)}
              />
            ),
          )}
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

/** 'Editar' on one's own post: its text, a photo post's photos and their descriptions, an attachment post's links. */
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
