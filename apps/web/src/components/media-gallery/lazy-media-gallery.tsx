import { lazyComponent } from '../../lib/lazy-part.tsx';

/**
 * The gallery in its own chunk, fetched with the first photo a screen shows, so the feed's first
 * route stays within its budget (scripts/first-route-size.ts); a grey block holds the photo's place
 * meanwhile. Render it only with images to show.
 */
export const LazyMediaGallery = lazyComponent(() => import('./media-gallery.tsx'), 'MediaGallery', {
  fallback: <div className="h-40 rounded-xl bg-slate-100 dark:bg-slate-800" />,
  whenFailed: 'empty',
});
