import { useEffect, useState } from 'react';

/** Spec §9: a linked comment is scrolled to after 500 ms and stays highlighted for 3 s. */
const COMMENT_SCROLL_DELAY_MS = 500;
const COMMENT_HIGHLIGHT_MS = 3_000;

export const commentAnchorId = (commentId: string) => `comment-${commentId}`;

/** Brings a comment just sent into view as soon as the list shows it (a few frames at most). */
export function scrollToCommentWhenShown(commentId: string, framesLeft = 30) {
  const element = document.getElementById(commentAnchorId(commentId));
  if (element) {
    element.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    return;
  }
  if (framesLeft > 0) requestAnimationFrame(() => scrollToCommentWhenShown(commentId, framesLeft - 1));
}

/** Which comment is highlighted right now, once the list (`ready`) is on screen. */
export function useCommentHighlight(commentId: string | undefined, ready: boolean): string | null {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  useEffect(() => {
    if (!commentId || !ready) return;
    let clear: ReturnType<typeof setTimeout> | undefined;
    const scroll = setTimeout(() => {
      const element = document.getElementById(commentAnchorId(commentId));
      element?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      setHighlighted(commentId);
      clear = setTimeout(() => setHighlighted(null), COMMENT_HIGHLIGHT_MS);
    }, COMMENT_SCROLL_DELAY_MS);
    return () => {
      clearTimeout(scroll);
      clearTimeout(clear);
    };
  }, [commentId, ready]);
  return highlighted;
}
