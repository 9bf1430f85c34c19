import type { GroupCategory } from '@estudai/contract/constants';
import { BookOpen } from 'lucide-react';
import { Image } from '../../../components/ui/image.tsx';
import { cn } from '../../../lib/cn.ts';

const GRADIENTS: Record<GroupCategory, string> = {
  matematica: 'from-indigo-500 to-sky-500',
  fisica: 'from-violet-500 to-indigo-500',
  quimica: 'from-emerald-500 to-teal-500',
  biologia: 'from-lime-500 to-emerald-600',
  portugues: 'from-rose-500 to-orange-400',
  historia: 'from-amber-500 to-orange-600',
  geografia: 'from-cyan-500 to-blue-600',
};

/** The group's cover image, or a gradient in its category's colours when it has none (or it fails to load). */
export function GroupCover({
  src,
  category,
  className,
}: {
  src: string | null;
  category: GroupCategory;
  className?: string;
}) {
  const gradient = (
    <div
      aria-hidden
      className={cn(
        'flex w-full items-center justify-center bg-gradient-to-br',
        GRADIENTS[category],
        className,
      )}
    >
      <BookOpen className="size-10 text-white/80" />
    </div>
  );
  return <Image src={src} alt="" className={cn('w-full object-cover', className)} fallback={gradient} />;
}
