import { type Earnings, TEACHING_MESSAGES as M } from '@estudai/contract/constants';
import { type ReactNode, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/list-states.tsx';
import { Page } from '../../../components/page.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatPrice } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useGroup } from '../../../lib/queries/group.ts';
import { toast } from '../../../lib/toast.ts';
import { useEarnings, useRefundPayment } from '../api/earnings.ts';
import {
  AllGroupsTotals,
  EarningsTotals,
  MonthsTable,
  PaymentsList,
  RefundsList,
  RenewalsList,
  Section,
} from '../components/earnings-sections.tsx';
import { ManagerOnly } from '../components/manager-only.tsx';

type EarningsPayment = Earnings['payments'][number];

/** /study-groups/{id}/receitas: the owner's payments per month, paying members, renewals and refunds. */
export function GroupEarningsPage() {
  const { groupId = '' } = useParams();
  const group = useGroup(groupId);
  const earnings = useEarnings(groupId);
  const refund = useRefundPayment(groupId);
  const [refunding, setRefunding] = useState<EarningsPayment | null>(null);
  if (!groupId) return <Navigate to={paths.studyGroups()} replace />;

  const handleRefund = () => {
    if (!refunding) return;
    refund.mutate(refunding.id, {
      onSuccess: () => {
        toast({ title: M.refunded, description: `${formatPrice(refunding.amount)} devolvidos.` });
        setRefunding(null);
      },
      onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
    });
  };

  let content: ReactNode;
  if (earnings.isPending)
    content = (
      <div role="status" aria-label="Carregando receitas" className="grid gap-3">
        <Skeleton radius="2xl" className="h-20" />
        <Skeleton radius="2xl" className="h-64" />
      </div>
    );
  else if (earnings.isError)
    content =
      earnings.error instanceof ApiError && [403, 404].includes(earnings.error.status) ? (
        <ManagerOnly groupId={groupId} message={earnings.error.message} />
      ) : (
        <ErrorState
          title="Não foi possível carregar as receitas."
          error={earnings.error}
          onRetry={() => void earnings.refetch()}
        />
      );
  else
    content = (
      <>
        <EarningsTotals earnings={earnings.data} />
        <AllGroupsTotals allGroups={earnings.data.allGroups} />
        <Section title={M.earningsMonth}>
          <MonthsTable months={earnings.data.months} />
        </Section>
        <Section title={M.renewalsDue}>
          <RenewalsList renewals={earnings.data.renewalsDue} />
        </Section>
        <Section title={M.refundsTitle}>
          <RefundsList refunds={earnings.data.refunds} />
        </Section>
        <Section title="Pagamentos recentes">
          <PaymentsList payments={earnings.data.payments} onRefund={setRefunding} />
        </Section>
      </>
    );

  return (
    <Page title={M.earningsTitle} back={paths.studyGroup(groupId)} backViaHistory>
      {group.data && <p className="text-sm text-slate-600 dark:text-slate-300">{group.data.name}</p>}
      {content}
      <ConfirmDialog
        open={refunding !== null}
        onOpenChange={(open) => {
          if (!open) setRefunding(null);
        }}
        title="Reembolsar pagamento?"
        description={
          refunding
            ? `${formatPrice(refunding.amount)} voltam para ${refunding.displayName ?? 'o comprador'} pelo provedor de pagamento, e o acesso comprado com este pagamento termina agora.`
            : ''
        }
        confirmLabel={M.refund}
        pendingLabel="Reembolsando..."
        isPending={refund.isPending}
        destructive
        onConfirm={handleRefund}
      />
    </Page>
  );
}
