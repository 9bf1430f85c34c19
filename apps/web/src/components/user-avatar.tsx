import { cn } from '../lib/cn.ts';

function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A round picture of a person, or their initials when they have none. */
export function UserAvatar({
  name,
  src,
  className,
}: {
  name: string;
  src: string | null | undefined;
  className?: string;
}) {
  const base = cn('size-10 shrink-0 rounded-full', className);
  if (src) return <img src={src} alt="" className={cn(base, 'object-cover')} loading="lazy" />;
  return (
    <span
      aria-hidden
      className={cn(
        base,
        'flex items-center justify-center bg-gradient-to-br from-indigo-500 to-violet-500 text-sm font-semibold text-white',
      )}
    >
      {initials(name)}
    </span>
  );
}
