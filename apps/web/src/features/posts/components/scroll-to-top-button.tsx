import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';

/** Spec §9: shown once the page has scrolled more than 300 px (in the feed's title bar). */
const SCROLL_TO_TOP_AFTER_PX = 300;

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
      className="flex size-10 items-center justify-center rounded-full text-indigo-600 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300 dark:hover:bg-slate-800"
    >
      <ArrowUp className="size-5" aria-hidden />
    </button>
  );
}
