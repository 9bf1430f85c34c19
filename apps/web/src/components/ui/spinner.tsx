import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

const sizes = { sm: 'size-4', md: 'size-5', lg: 'size-6', xl: 'size-8' } as const;
const tones = { brand: 'text-indigo-600', current: 'text-current' } as const;

/** A turning circle: 16, 20, 24 (default) or 32 px; in the brand colour or the text's own (in a button). */
export function Spinner({
  size = 'lg',
  tone = 'brand',
  className,
}: {
  size?: keyof typeof sizes;
  tone?: keyof typeof tones;
  className?: string;
}) {
  return <LoaderCircle aria-hidden className={cn('animate-spin', sizes[size], tones[tone], className)} />;
}
