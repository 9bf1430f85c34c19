import { sendMessageSchema } from '@estudai/contract';
import { MESSAGE_MAX } from '@estudai/contract/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useController, useForm } from 'react-hook-form';
import { EmojiPicker } from '../../../components/emoji-picker.tsx';
import { CHECKED_WHEN_SENT } from '../../../lib/form.ts';

/**
 * The message field with its emoji picker. Enter sends (Shift+Enter breaks the line); a message
 * blank after trimming is never sent (spec §5).
 */
export function MessageComposer({
  onSend,
  onTyping,
  focusKey,
}: {
  onSend: (content: string) => void;
  onTyping: () => void;
  /** When given, the field takes the focus (again whenever the key changes). */
  focusKey?: string;
}) {
  const { control, handleSubmit, reset } = useForm({
    ...CHECKED_WHEN_SENT,
    resolver: zodResolver(sendMessageSchema),
    defaultValues: { content: '' },
  });
  // Controlled: the emoji picker writes into the text too.
  const {
    field: { value: content, onChange: setContent },
  } = useController({ control, name: 'content' });
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const trimmed = content.trim();

  useEffect(() => {
    if (focusKey) field.current?.focus();
  }, [focusKey]);

  // The schema trims the text; what it refuses (blank) is never sent.
  const send = handleSubmit((message) => {
    onSend(message.content);
    reset();
    field.current?.focus();
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const insertEmoji = (emoji: string) => {
    const element = field.current;
    const start = element?.selectionStart ?? content.length;
    const end = element?.selectionEnd ?? content.length;
    setContent(content.slice(0, start) + emoji + content.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  return (
    <form
      onSubmit={send}
      className="flex items-end gap-1 border-t border-slate-200 bg-white p-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))] dark:border-slate-800 dark:bg-slate-950"
    >
      <EmojiPicker onPick={insertEmoji} />
      <label htmlFor={fieldId} className="sr-only">
        Mensagem
      </label>
      <textarea
        id={fieldId}
        ref={field}
        rows={1}
        value={content}
        maxLength={MESSAGE_MAX}
        placeholder="Digite uma mensagem..."
        onChange={(event) => {
          setContent(event.target.value);
          if (event.target.value.trim()) onTyping();
        }}
        onKeyDown={handleKeyDown}
        className="max-h-32 min-h-11 flex-1 resize-none rounded-2xl border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 [field-sizing:content] placeholder:text-slate-400 focus-visible:border-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500/40 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      />
      <button
        type="submit"
        aria-label="Enviar mensagem"
        disabled={!trimmed}
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-50"
      >
        <SendHorizontal className="size-5" aria-hidden />
      </button>
    </form>
  );
}
