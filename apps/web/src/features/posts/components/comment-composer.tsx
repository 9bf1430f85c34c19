import { createCommentSchema } from '@estudai/contract';
import { POST_MESSAGES } from '@estudai/contract/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { SendHorizontal, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useController, useForm } from 'react-hook-form';
import { EmojiPicker } from '../../../components/emoji-picker.tsx';
import { useSocialAutocomplete } from '../../../components/social-autocomplete.tsx';
import { CHECKED_WHEN_SENT } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateComment } from '../api/create-comment.ts';
import { scrollToCommentWhenShown } from '../use-comment-highlight.ts';

export interface ReplyTarget {
  /** The top-level comment the reply goes under (one level deep). */
  parentId: string;
  authorName: string;
}

/** The comment's one field; the comment it answers comes from the screen, not from the person. */
const commentTextSchema = createCommentSchema.pick({ content: true });

const failedToast = () =>
  toast({
    title: POST_MESSAGES.errorTitle,
    description: POST_MESSAGES.commentFailed,
    variant: 'destructive',
  });

/** The fixed input at the bottom of the comments screen, with its emoji picker (spec §2). */
export function CommentComposer({
  postId,
  replyTo,
  onCancelReply,
}: {
  postId: string;
  replyTo: ReplyTarget | null;
  onCancelReply: () => void;
}) {
  const { control, handleSubmit, reset } = useForm({
    ...CHECKED_WHEN_SENT,
    resolver: zodResolver(commentTextSchema),
    defaultValues: { content: '' },
  });
  // Controlled: the suggestions and the emoji picker write into the text too.
  const {
    field: { value: content, onChange: setContent },
  } = useController({ control, name: 'content' });
  const input = useRef<HTMLTextAreaElement>(null);
  const createComment = useCreateComment(postId);
  const suggestions = useSocialAutocomplete({ value: content, onChange: setContent, inputRef: input });
  const canSend = content.trim().length > 0 && !createComment.isPending;

  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  const send = handleSubmit(
    (values) =>
      createComment.mutate(
        { postId, content: values.content, parentId: replyTo?.parentId ?? null },
        {
          onSuccess: (comment) => {
            reset();
            onCancelReply();
            toast({ title: POST_MESSAGES.commentAdded });
            // The new comment may be far down the list, out of view: show it.
            scrollToCommentWhenShown(comment.id);
          },
          onError: failedToast,
        },
      ),
    // Too long, or a hashtag too long: refused as the server would refuse it.
    failedToast,
  );
  const handleSend = () => {
    if (canSend) void send();
  };

  const insertEmoji = (emoji: string) => {
    const element = input.current;
    const start = element?.selectionStart ?? content.length;
    const end = element?.selectionEnd ?? content.length;
    setContent(content.slice(0, start) + emoji + content.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  return (
    // The screen's bottom bar (the shell hides its tab bar here); below dialogs (z-50). On a desktop
    // it stays at the bottom of the content column, not across the side columns.
    <div className="fixed inset-x-0 bottom-0 z-40 lg:sticky lg:-mx-4 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto max-w-2xl px-3 py-2">
        {replyTo && (
          <p className="mb-1 flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
            <span className="flex-1 truncate">
              Respondendo a <strong>{replyTo.authorName}</strong>
            </span>
            <button
              type="button"
              aria-label="Cancelar resposta"
              onClick={onCancelReply}
              className="rounded-full p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
            >
              <X className="size-4" aria-hidden />
            </button>
          </p>
        )}
        {suggestions.list && <div className="mb-2">{suggestions.list}</div>}
        <form
          className="flex items-end gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            handleSend();
          }}
        >
          <EmojiPicker onPick={insertEmoji} />
          <textarea
            ref={input}
            rows={1}
            value={content}
            {...suggestions.inputProps}
            onChange={(event) => {
              setContent(event.target.value);
              suggestions.trackChange(event.target.value, event.target.selectionStart);
            }}
            onKeyDown={(event) => {
              // With suggestions open, the arrows, Enter and Tab work the list.
              if (suggestions.handleKeyDown(event)) return;
              // Enter sends; Shift+Enter starts a new line.
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                handleSend();
              }
            }}
            aria-label={replyTo ? 'Escreva uma resposta' : 'Escreva um comentário'}
            placeholder={replyTo ? 'Escreva uma resposta...' : 'Escreva um comentário...'}
            className="max-h-32 min-h-11 flex-1 resize-none rounded-2xl border border-slate-300 bg-white px-3 py-2.5 text-base placeholder:text-slate-400 focus-visible:border-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500/40 dark:border-slate-600 dark:bg-slate-900"
          />
          <button
            type="submit"
            aria-label="Enviar comentário"
            disabled={!canSend}
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-40"
          >
            <SendHorizontal className="size-5" aria-hidden />
          </button>
        </form>
      </div>
    </div>
  );
}
