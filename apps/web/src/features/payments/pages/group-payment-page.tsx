import {
  GROUP_MESSAGES,
  MINORS_MESSAGES,
  type PaymentMethod,
  type StudyGroup,
} from '@estudai/contract/constants';
import { CircleCheck, Lock, SearchX, UserCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatPrice } from '../../../lib/format.ts';
import { INVITE_CODE_PARAM, paths } from '../../../lib/paths.ts';
import { useGroup } from '../../../lib/queries/group.ts';
import { useGroupInvite } from '../../../lib/queries/group-invite.ts';
import { usePaymentConfig } from '../api/payment-config.ts';
import { type PaymentPhase, usePaymentFlow } from '../api/payment-flow.ts';
import { PaymentGroupCard } from '../components/payment-group-card.tsx';
import { PaymentMethodBox } from '../components/payment-method.tsx';
import { PaymentSkeleton } from '../components/payment-skeleton.tsx';
import { PaymentSummary } from '../components/payment-summary.tsx';

function GroupNotFound() {
  const navigate = useNavigate();
  return (
    <Card className="grid justify-items-center gap-3 py-10 text-center">
      <SearchX className="size-10 text-slate-400" aria-hidden />
      <p className="font-semibold">{GROUP_MESSAGES.notFound}</p>
      <Button variant="outline" onClick={() => navigate(paths.studyGroups())}>
        {GROUP_MESSAGES.paymentBack}
      </Button>
    </Card>
  );
}

/** Why this group cannot be bought right now (the server refuses it too), or null. */
function blockedReason(group: StudyGroup): string | null {
  if (!group.isActive) return GROUP_MESSAGES.groupInactive;
  if (group.currentMembers >= group.maxMembers) return GROUP_MESSAGES.groupFull;
  return null;
}

function PayButton({ amount, phase, onPay }: { amount: number; phase: PaymentPhase; onPay: () => void }) {
  const processing = phase === 'processing';
  return (
    <Button size="lg" className="w-full" disabled={phase !== 'idle'} aria-busy={processing} onClick={onPay}>
      {processing && <Spinner size="md" tone="current" />}
      {phase === 'approved' && <CircleCheck className="size-5" aria-hidden />}
      {processing
        ? 'Processando...'
        : phase === 'approved'
          ? GROUP_MESSAGES.paymentApprovedTitle
          : `Pagar ${formatPrice(amount)}`}
    </Button>
  );
}

/** Both /study-groups/{id}/payment and /checkout/{id} (spec §2 lists both). */
export function GroupPaymentPage() {
  const { groupId = '' } = useParams();
  const [searchParams] = useSearchParams();
  // The provider's checkout sends the buyer back here with ?status=success.
  const returning = searchParams.get('status') === 'success';
  // Reached through an invite link (/convite/{code}): its coupon, if still available, discounts this payment.
  const inviteCode = searchParams.get(INVITE_CODE_PARAM) ?? undefined;
  const group = useGroup(groupId);
  const config = usePaymentConfig();
  const invite = useGroupInvite(inviteCode ?? '', Boolean(inviteCode) && !returning);
  const flow = usePaymentFlow(groupId, { returning, inviteCode });
  const [method, setMethod] = useState<PaymentMethod>('card');

  let content: ReactNode;
  if (group.isPending) {
    content = <PaymentSkeleton />;
  } else if (group.isError) {
    content =
      group.error instanceof ApiError && group.error.status === 404 ? (
        <GroupNotFound />
      ) : (
        <Card role="alert" className="grid justify-items-center gap-3 py-8 text-center text-sm">
          <p>{group.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void group.refetch()}>
            Tentar novamente
          </Button>
        </Card>
      );
  } else {
    const data = group.data;
    // Nothing to pay: a free group is joined on its page, and a member already has access.
    if (flow.phase === 'idle' && !returning && (!data.isPaid || data.isMember)) {
      return <Navigate to={paths.studyGroup(groupId)} replace />;
    }
    const blocked = blockedReason(data);
    const coupon =
      invite.data?.group.id === groupId && invite.data.couponPercent !== null
        ? { percent: invite.data.couponPercent, amount: invite.data.firstPaymentAmount }
        : null;
    content = (
      <>
        <PaymentGroupCard group={data} />
        <PaymentSummary group={data} coupon={coupon} />
        {flow.phase === 'confirming' || flow.phase === 'unconfirmed' ? (
          <Card role="status" className="grid justify-items-center gap-3 py-6 text-center text-sm">
            {flow.phase === 'confirming' ? (
              <>
                <Spinner />
                <p className="font-medium">Confirmando pagamento...</p>
              </>
            ) : (
              <>
                <p>
                  Ainda não recebemos a confirmação do pagamento. Se você concluiu o pagamento, ele será
                  confirmado em instantes.
                </p>
                <Button variant="outline" size="sm" onClick={flow.confirm}>
                  Verificar novamente
                </Button>
              </>
            )}
          </Card>
        ) : flow.phase === 'guardian' ? (
          // A supervised teen (issue 36): the request went to the guardian; no payment was tried.
          <Card role="status" className="grid justify-items-center gap-2 py-6 text-center text-sm">
            <UserCheck className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
            <p className="font-semibold">{MINORS_MESSAGES.approvalSentTitle}</p>
            <p className="text-slate-600 dark:text-slate-300">{flow.guardianMessage}</p>
            <p className="text-slate-600 dark:text-slate-300">
              Você recebe uma notificação quando seu responsável responder.
            </p>
          </Card>
        ) : blocked && flow.phase === 'idle' ? (
          // A full or closed group is not offered for sale: the reason stands where paying would be.
          <Card
            role="status"
            className="flex items-center justify-center gap-2 py-6 text-center text-sm font-medium"
          >
            <Lock className="size-4" aria-hidden />
            {blocked}
          </Card>
        ) : (
          <>
            <PaymentMethodBox
              config={config.data}
              method={method}
              onChange={setMethod}
              disabled={flow.phase !== 'idle'}
            />
            <PayButton
              amount={coupon ? coupon.amount : data.price}
              phase={flow.phase}
              onPay={() => void flow.pay(method)}
            />
          </>
        )}
      </>
    );
  }

  return (
    <Page title={GROUP_MESSAGES.paymentTitle} back={paths.studyGroup(groupId)}>
      {content}
    </Page>
  );
}
