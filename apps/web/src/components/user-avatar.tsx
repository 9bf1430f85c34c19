import { cn } from '../lib/cn.ts';
import { Image } from './ui/image.tsx';

function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** Each size (Tailwind units: 8 is 32 px) with the initials' type size that fits it. */
const sizes = {
  5: 'size-5 text-[0.5rem]',
  7: 'size-7 text-[10px]',
  8: 'size-8 text-xs',
  9: 'size-9 text-sm',
  10: 'size-10 text-sm',
  11: 'size-11 text-sm',
  12: 'size-12 text-sm',
  16: 'size-16 text-lg',
  20: 'size-20 text-xl',
} as const;

export type UserAvatarSize = keyof typeof sizes;

/**
 * A round picture of a person, or their initials when they have none (or it fails to load). Its size comes from `size`,
 * not from a `size-*` in `className`: `cn` does not merge, and `size-8` would lose to `size-10`.
 */
export function UserAvatar({
  name,
  src,
  size = 10,
  className,
}: {
  name: string;
  src: string | null | undefined;
  size?: UserAvatarSize;
  className?: string;
}) {
  const base = cn('shrink-0 rounded-full', sizes[size], className);
  const initialsBadge = (
    <span
      aria-hidden
      className={cn(
        base,
        'flex items-center justify-center bg-gradient-to-br from-indigo-500 to-violet-500 font-semibold text-white',
      )}
    >
      {initials(name)}
    </span>
  );
  // A picture whose link fails shows the initials too, never the browser's broken icon.
  return <Image src={src} alt="" className={cn(base, 'object-cover')} fallback={initialsBadge} />;
}
