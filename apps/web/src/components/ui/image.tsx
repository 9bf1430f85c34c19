import { ImageOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { cn } from '../../lib/cn.ts';

/** A neutral grey box with a crossed-out picture: what a photo that cannot be shown becomes. */
export function ImagePlaceholder({ className, label }: { className?: string; label?: string }) {
  return (
    <span
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      className={cn(
        'flex items-center justify-center bg-slate-100 text-slate-400 dark:bg-slate-800 dark:text-slate-500',
        className,
      )}
    >
      <ImageOff className="size-6" aria-hidden />
    </span>
  );
}

/**
 * Every photo from a link (avatars, covers, thumbnails, post photos) goes through this: when the
 * link fails to load, `fallback` (by default a neutral placeholder of the same size) takes the
 * picture's place, never the browser's broken-image icon.
 */
export function Image({
  src,
  alt,
  className,
  fallback,
  loading = 'lazy',
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  fallback?: ReactNode;
  loading?: 'lazy' | 'eager';
}) {
  // The link that failed: a new one gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return <>{fallback ?? <ImagePlaceholder className={className} label={alt} />}</>;
  return <img src={src} alt={alt} loading={loading} className={className} onError={() => setFailed(src)} />;
}
