import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';

/** Spec §9: shown once the page has scrolled more than 300 px. */
export const SCROLL_TO_TOP_AFTER_PX = 300;

export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    // Only on scroll events (a restored position fires one too): reading scrollY at mount would lay
    // the page out in the middle of the first render, on a slow phone a long pause before the posts.
    const handleScroll = () => setVisible(window.scrollY > SCROLL_TO_TOP_AFTER_PX);
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Voltar ao topo"
      onClick={() => {
        const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
      }}
      className="fixed right-4 bottom-[calc(5.5rem+env(safe-area-inset-bottom))] z-30 flex size-12 items-center justify-center rounded-full bg-white text-indigo-600 shadow-lg ring-1 ring-slate-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:bg-slate-800 dark:text-indigo-300 dark:ring-slate-700"
    >
      <ArrowUp className="size-5" aria-hidden />
    </button>
  );
}
