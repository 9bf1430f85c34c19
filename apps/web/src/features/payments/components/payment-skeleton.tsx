import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** The payment screen's shape while the group loads. */
export function PaymentSkeleton() {
  return (
    <div role="status" aria-label="Carregando pagamento" className="grid gap-4">
      <Card className="grid gap-3">
        <Skeleton className="h-6 w-2/3" />
        <div className="flex items-center gap-3">
          <Skeleton radius="full" className="size-10" />
          <Skeleton className="h-4 w-40" />
        </div>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-4/5" />
      </Card>
      <Card className="grid gap-3">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-5 w-2/5" />
      </Card>
      <Skeleton radius="xl" className="h-12 w-full" />
    </div>
  );
}
