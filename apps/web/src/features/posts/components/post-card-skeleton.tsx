import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

export function PostCardSkeleton() {
  return (
    <Card padding="sm" className="grid gap-3">
      <div className="flex items-center gap-3">
        <Skeleton radius="full" className="size-10" />
        <div className="grid flex-1 gap-1.5">
          <Skeleton className="h-3.5 w-32" />
          <Skeleton className="h-3 w-20" />
        </div>
      </div>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-4/5" />
      <Skeleton radius="xl" className="h-24 w-full" />
    </Card>
  );
}

/** A list of posts still loading: `count` card-shaped placeholders. */
export function PostListSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Carregando posts" className="grid gap-4">
      {Array.from({ length: count }, (_, key) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place.
        <PostCardSkeleton key={key} />
      ))}
    </div>
  );
}
