import { Smile } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';

/** The fixed set the picker offers (spec §2), for comments and chat alike. */
const EMOJIS = [
  '😀',
  '😂',
  '😊',
  '😍',
  '🤔',
  '😮',
  '😅',
  '😎',
  '🤯',
  '😢',
  '👍',
  '👏',
  '🙌',
  '🙏',
  '💪',
  '🔥',
  '💡',
  '📚',
  '✏️',
  '🧠',
  '🎯',
  '✅',
  '❌',
  '❤️',
  '🎉',
  '⭐',
  '📝',
  '🧪',
  '➗',
  '🌎',
];

/**
 * A button that opens a grid of emojis; picking one hands it over and keeps the grid open for the
 * next (issue 23). A click outside, Escape or the button again closes it.
 */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const handlePointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label="Inserir emoji"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className={cn(
          'flex size-11 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800',
          open ? 'bg-slate-100 text-indigo-600 dark:bg-slate-800' : 'text-slate-500',
        )}
      >
        <Smile className="size-6" aria-hidden />
      </button>
      {open && (
        <fieldset
          id={panelId}
          className="absolute bottom-full left-0 mb-2 grid w-72 grid-cols-6 gap-1 rounded-2xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <legend className="sr-only">Emojis</legend>
          {EMOJIS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              aria-label={emoji}
              onClick={() => onPick(emoji)}
              className="flex size-11 items-center justify-center rounded-xl text-xl hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
            >
              {emoji}
            </button>
          ))}
        </fieldset>
      )}
    </div>
  );
}
