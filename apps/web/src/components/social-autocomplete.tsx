import { HASHTAG_MAX } from '@estudai/contract/constants';
import { type KeyboardEvent, type RefObject, useId, useState } from 'react';
import { useAuth } from '../lib/auth.tsx';
import { cn } from '../lib/cn.ts';
import { useFollows } from '../lib/queries/follows.ts';
import { useTrendingTags } from '../lib/queries/trending-tags.ts';
import { UserAvatar } from './user-avatar.tsx';

// Issue 21: in the post and comment boxes, '@' offers the people the author follows and '#' the
// popular tags; arrows move, Enter or Tab picks, Escape closes. The text box stays a text box
// (screen readers keep calling it one) and points at the highlighted option.

const MAX_OPTIONS = 6;

/** The '@ana' or '#fun' being typed just before the caret, where a mention or tag may start. */
function tokenBefore(text: string, caret: number): { sign: '@' | '#'; query: string; start: number } | null {
  const match = /(^|[^\p{L}\p{N}_&@.])([@#])([\p{L}\p{N}_.]*)$/u.exec(text.slice(0, caret));
  if (!match) return null;
  const sign = match[2] as '@' | '#';
  const query = match[3] ?? '';
  if (sign === '#' && (query.includes('.') || query.length > HASHTAG_MAX)) return null;
  if (sign === '@' && query.length > 30) return null;
  return { sign, query, start: caret - query.length - 1 };
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

interface Option {
  id: string;
  /** What replaces the token: '@ana.souza' or '#funcoes'. */
  insert: string;
  label: string;
  detail?: string;
  avatar?: { name: string; src: string | null };
}

/**
 * Suggestions for the text box whose `value` and `onChange` are given: returns what the box needs
 * (`onKeyDown` first, the caret handlers, the ARIA) and the list to show under it.
 */
export function useSocialAutocomplete({
  value,
  onChange,
  inputRef,
}: {
  value: string;
  onChange: (next: string) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const listId = useId();
  const userId = useAuth().user?.id ?? 'me';
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  // Escape closes the list for this token; a new '@' or '#' opens it again.
  const [dismissed, setDismissed] = useState<number | null>(null);

  const token = caret === null ? null : tokenBefore(value, caret);
  const open = token !== null && token.start !== dismissed;
  // The server narrows the people followed to what was typed: any of hundreds, not only a first page.
  const people = useFollows(
    userId,
    'following',
    open && token?.sign === '@',
    token?.sign === '@' ? token.query : '',
  );
  const tags = useTrendingTags(open && token?.sign === '#');

  let options: Option[] = [];
  if (open && token) {
    const query = fold(token.query);
    if (token.sign === '@') {
      options = (people.data?.pages.flatMap((page) => page.data) ?? [])
        .filter(
          (person) => fold(person.username).startsWith(query) || fold(person.displayName).includes(query),
        )
        .slice(0, MAX_OPTIONS)
        .map((person) => ({
          id: person.id,
          insert: `@${person.username}`,
          label: person.displayName,
          detail: `@${person.username}`,
          avatar: { name: person.displayName, src: person.avatar },
        }));
    } else {
      options = (tags.data ?? [])
        .filter(({ tag }) => tag.startsWith(query))
        .slice(0, MAX_OPTIONS)
        .map(({ tag, postsCount }) => ({
          id: tag,
          insert: `#${tag}`,
          label: `#${tag}`,
          detail: postsCount === 1 ? '1 post' : `${postsCount} posts`,
        }));
    }
  }
  const shown = options.length > 0;
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  const readCaret = () => setCaret(inputRef.current?.selectionStart ?? null);

  const choose = (option: Option) => {
    if (!token || caret === null) return;
    const before = value.slice(0, token.start);
    const after = value.slice(caret).replace(/^[\p{L}\p{N}_.]*/u, '');
    const inserted = `${option.insert} `;
    const next = `${before}${inserted}${after.startsWith(' ') ? after.slice(1) : after}`;
    const position = before.length + inserted.length;
    onChange(next);
    setCaret(position);
    setActive(0);
    requestAnimationFrame(() => {
      const box = inputRef.current;
      // Typed on within the frame: the caret is already where the typing left it.
      if (!box || box.value !== next) return;
      box.focus();
      box.setSelectionRange(position, position);
    });
  };

  /** Call first from the box's own onKeyDown; true when the key worked the list (then do nothing else). */
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!shown || event.nativeEvent.isComposing) return false;
    switch (event.key) {
      case 'ArrowDown':
        setActive((activeIndex + 1) % options.length);
        break;
      case 'ArrowUp':
        setActive((activeIndex - 1 + options.length) % options.length);
        break;
      case 'Enter':
      case 'Tab': {
        const option = options[activeIndex];
        if (option) choose(option);
        break;
      }
      case 'Escape':
        setDismissed(token?.start ?? null);
        // The dialog around the box stays open: this Escape was for the list.
        event.stopPropagation();
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  };

  const inputProps = {
    onSelect: readCaret,
    onKeyUp: readCaret,
    onClick: readCaret,
    'aria-autocomplete': 'list' as const,
    'aria-controls': shown ? listId : undefined,
    'aria-activedescendant': shown ? optionId(activeIndex) : undefined,
  };

  const list = shown ? (
    <div
      id={listId}
      role="listbox"
      aria-label={token?.sign === '@' ? 'Pessoas que você segue' : 'Hashtags populares'}
      className="grid max-h-60 min-w-0 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      {options.map((option, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the text box's (aria-activedescendant).
        <div
          key={option.id}
          id={optionId(index)}
          role="option"
          // Reached by the text box's arrows (aria-activedescendant), never by Tab.
          tabIndex={-1}
          aria-selected={index === activeIndex}
          // Picking with the mouse must not take the focus (and the caret) from the text box.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => choose(option)}
          className={cn(
            'flex min-w-0 cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm',
            index === activeIndex
              ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200'
              : 'hover:bg-slate-100 dark:hover:bg-slate-800',
          )}
        >
          {option.avatar && <UserAvatar name={option.avatar.name} src={option.avatar.src} size={7} />}
          <span className="truncate font-medium">{option.label}</span>
          {option.detail && (
            <span className="ml-auto shrink-0 text-xs text-slate-500 dark:text-slate-400">
              {option.detail}
            </span>
          )}
        </div>
      ))}
    </div>
  ) : null;

  /** For a box whose value the caller sets on change: keeps the caret this list reads in step. */
  const trackChange = (next: string, caretAt: number | null) => {
    setCaret(caretAt);
    setActive(0);
    if (dismissed !== null && (caretAt === null || tokenBefore(next, caretAt)?.start !== dismissed)) {
      setDismissed(null);
    }
  };

  return { inputProps, handleKeyDown, list, trackChange };
}
