import type { EssayRange } from '@estudai/contract/constants';
import type { Ref } from 'react';

export interface Mark extends EssayRange {
  tone: 'copied' | 'comment';
  /** The comment's number in the margin. */
  label?: string;
}

/**
 * The essay's text with its marked ranges (copied passages, commented ones), line breaks kept.
 * Offsets are the text's own characters, so a selection inside maps back to [start, end).
 */
export function AnnotatedText({
  text,
  marks,
  ref,
}: {
  text: string;
  marks: Mark[];
  ref?: Ref<HTMLDivElement>;
}) {
  const sorted = [...marks].sort((a, b) => a.start - b.start);
  const parts: { text: string; mark?: Mark; start: number }[] = [];
  let at = 0;
  for (const mark of sorted) {
    if (mark.start < at) continue;
    if (mark.start > at) parts.push({ text: text.slice(at, mark.start), start: at });
    parts.push({ text: text.slice(mark.start, mark.end), mark, start: mark.start });
    at = mark.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), start: at });
  return (
    <div
      ref={ref}
      data-essay-text
      className="font-serif text-[15px] leading-8 whitespace-pre-wrap break-words text-slate-900 dark:text-slate-100"
    >
      {parts.map((part) =>
        part.mark ? (
          <mark
            key={part.start}
            data-start={part.start}
            title={part.mark.tone === 'copied' ? 'Trecho copiado dos textos motivadores' : undefined}
            className={
              part.mark.tone === 'copied'
                ? 'rounded bg-amber-200/70 text-inherit dark:bg-amber-700/50'
                : 'rounded bg-indigo-100 text-inherit dark:bg-indigo-900/70'
            }
          >
            {part.text}
            {part.mark.label && (
              <sup className="ml-0.5 font-sans text-xs font-semibold text-indigo-700 dark:text-indigo-300">
                {part.mark.label}
              </sup>
            )}
          </mark>
        ) : (
          <span key={part.start} data-start={part.start}>
            {part.text}
          </span>
        ),
      )}
    </div>
  );
}

/** The [start, end) of the current selection inside `container`'s text, or null. */
export function selectionRange(container: HTMLElement): EssayRange | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) return null;
  const offsetOf = (node: Node, offset: number) => {
    const before = document.createRange();
    before.selectNodeContents(container);
    before.setEnd(node, offset);
    // Superscript labels are not the essay's text.
    const fragment = before.cloneContents();
    for (const sup of fragment.querySelectorAll('sup')) sup.remove();
    return fragment.textContent?.length ?? 0;
  };
  const start = offsetOf(range.startContainer, range.startOffset);
  const end = offsetOf(range.endContainer, range.endOffset);
  return end > start ? { start, end } : null;
}
