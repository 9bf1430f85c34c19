import { type Earnings, TEACHING_MESSAGES as M } from '@estudai/contract/constants';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatPrice } from '../../../lib/format.ts';
import { formatMonth } from '../earnings-format.ts';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="grid gap-3">
      <h2 className="font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

const muted = 'text-sm text-slate-500 dark:text-slate-400';

/** How a net came to be: gross, less the provider's fees and the refunds (issue 36). */
const netBreakdown = (figures: { grossAmount: number; feeAmount: number; refundedAmount: number }) =>
  `${formatPrice(figures.grossAmount)} recebidos − ${formatPrice(figures.feeAmount)} de taxas − ${formatPrice(figures.refundedAmount)} reembolsados`;

/**
 * The numbers an owner looks at first: the net after the payment provider's fees and the refunds
 * (issue 36), with the essay corrections the teachers sent (issue 38).
 */
export function EarningsTotals({ earnings }: { earnings: Earnings }) {
  const items = [
    {
      label: 'Receita líquida (12 meses)',
      value: formatPrice(earnings.totals.netAmount),
      detail: netBreakdown(earnings.totals),
    },
    { label: M.activePaidMembers, value: String(earnings.activePaidMembers) },
    { label: 'Taxas do provedor (12 meses)', value: formatPrice(earnings.totals.feeAmount) },
    { label: 'Reembolsado (12 meses)', value: formatPrice(earnings.totals.refundedAmount) },
    { label: 'Correções de redação (12 meses)', value: String(earnings.totals.correctionsCount) },
  ];
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <Card key={item.label} className="grid gap-1">
          <dt className={muted}>{item.label}</dt>
          <dd className="text-xl font-bold">{item.value}</dd>
          {item.detail && <dd className={muted}>{item.detail}</dd>}
        </Card>
      ))}
    </dl>
  );
}

/** Every group the owner has, together: shown once there is more than this one (issue 36). */
export function AllGroupsTotals({ allGroups }: { allGroups: Earnings['allGroups'] }) {
  if (allGroups.groupsCount < 2) return null;
  return (
    <Section title="Todos os seus grupos (12 meses)">
      <p className="text-sm">
        Receita líquida de {allGroups.groupsCount} grupos:{' '}
        <strong className="text-base">{formatPrice(allGroups.netAmount)}</strong>
      </p>
      <p className={muted}>{netBreakdown(allGroups)}</p>
    </Section>
  );
}

const isEmptyMonth = (month: Earnings['months'][number]) =>
  month.paymentsCount === 0 && month.refundsCount === 0 && month.correctionsCount === 0;

/**
 * Payments and essay corrections per month, last 12 months, a bar for each against the best month.
 * On a phone the months with nothing in them are left out (issue 36).
 */
export function MonthsTable({ months }: { months: Earnings['months'] }) {
  const best = Math.max(1, ...months.map((month) => month.grossAmount));
  if (months.every(isEmptyMonth)) return <p className={muted}>Nenhum pagamento nos últimos 12 meses.</p>;
  return (
    <table className="w-full table-fixed text-sm">
      <thead>
        <tr className="text-left text-slate-500 dark:text-slate-400">
          <th scope="col" className="w-20 pb-2 font-medium">
            Mês
          </th>
          <th scope="col" className="w-24 pb-2 font-medium">
            Pagamentos
          </th>
          <th scope="col" className="w-20 pb-2 font-medium">
            Correções
          </th>
          <th scope="col" className="pb-2 font-medium">
            Valor
          </th>
        </tr>
      </thead>
      <tbody>
        {months.map((month) => (
          <tr
            key={month.month}
            className={cn(
              'border-t border-slate-100 dark:border-slate-800',
              isEmptyMonth(month) && 'hidden sm:table-row',
            )}
          >
            <th scope="row" className="py-2 text-left font-medium">
              {formatMonth(month.month)}
            </th>
            <td className="py-2">{month.paymentsCount}</td>
            <td className="py-2">{month.correctionsCount}</td>
            <td className="py-2">
              <div className="grid gap-1">
                <span>
                  {formatPrice(month.grossAmount)}
                  {month.refundsCount > 0 && (
                    <span className={muted}> (−{formatPrice(month.refundedAmount)})</span>
                  )}
                </span>
                <span aria-hidden className="h-1.5 rounded-full bg-slate-100 dark:bg-slate-800">
                  <span
                    className="block h-full rounded-full bg-indigo-500"
                    style={{ width: `${(month.grossAmount / best) * 100}%` }}
                  />
                </span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RenewalsList({ renewals }: { renewals: Earnings['renewalsDue'] }) {
  if (renewals.length === 0) return <p className={muted}>Nenhuma renovação nos próximos 30 dias.</p>;
  return (
    <ul className="grid gap-2 text-sm">
      {renewals.map((renewal) => (
        <li key={renewal.userId} className="flex flex-wrap justify-between gap-x-3">
          <span className="font-medium">{renewal.displayName}</span>
          <span className={muted}>acesso até {formatDate(renewal.accessEndsAt)}</span>
        </li>
      ))}
    </ul>
  );
}

export function RefundsList({ refunds }: { refunds: Earnings['refunds'] }) {
  if (refunds.length === 0) return <p className={muted}>Nenhum reembolso.</p>;
  return (
    <ul className="grid gap-3 text-sm">
      {refunds.map((refund) => (
        <li key={refund.paymentId} className="grid gap-0.5">
          <span className="flex flex-wrap justify-between gap-x-3">
            <span className="font-medium">{refund.displayName ?? 'Conta excluída'}</span>
            <span>{formatPrice(refund.amount)}</span>
          </span>
          <span className={muted}>
            {formatDate(refund.refundedAt)}
            {refund.reason ? ` · ${refund.reason}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function PaymentsList({
  payments,
  onRefund,
}: {
  payments: Earnings['payments'];
  onRefund: (payment: Earnings['payments'][number]) => void;
}) {
  if (payments.length === 0) return <p className={muted}>Nenhum pagamento ainda.</p>;
  return (
    <ul className="grid gap-3 text-sm">
      {payments.map((payment) => (
        <li
          key={payment.id}
          className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 first:border-0 first:pt-0 dark:border-slate-800"
        >
          <div className="grid min-w-0 gap-0.5">
            <span className="truncate font-medium">{payment.displayName ?? 'Conta excluída'}</span>
            <span className={muted}>{formatDate(payment.paidAt)}</span>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{formatPrice(payment.amount)}</span>
            {payment.couponPercent !== null && <Badge tone="green">Cupom {payment.couponPercent}%</Badge>}
            {payment.status === 'refunded' ? (
              <Badge tone="red">{M.refunded}</Badge>
            ) : (
              <Button variant="outline" size="sm" onClick={() => onRefund(payment)}>
                {M.refund}
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
