import { GROUP_MESSAGES, type StudyGroup } from '@estudai/contract/constants';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { formatPrice } from '../../../lib/format.ts';

/** What a member of a paid group gets: the group's content, as the product really has it. */
const PREMIUM_ITEMS = [
  'Posts e questões exclusivos do grupo',
  'Materiais em PDF para download',
  'Vídeos das aulas do grupo',
  'Fórum de dúvidas com o professor e a turma',
];

/** An invite link's coupon on this first payment: its percent and the amount with it. */
export interface PaymentCoupon {
  percent: number;
  amount: number;
}

/** The order: subscription price, an invite's coupon, the processing fee (R$ 0,00, spec §9) and the total. */
export function PaymentSummary({ group, coupon }: { group: StudyGroup; coupon?: PaymentCoupon | null }) {
  const premiumId = useId();
  const total = coupon ? coupon.amount : group.price;
  return (
    <Card className="grid gap-4">
      <h2 className="font-semibold">Resumo</h2>
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600 dark:text-slate-300">Assinatura</dt>
          <dd>{formatPrice(group.price)}</dd>
        </div>
        {coupon && (
          <div className="flex justify-between gap-4 text-emerald-700 dark:text-emerald-300">
            <dt>Cupom de convite ({coupon.percent}%)</dt>
            <dd>−{formatPrice(group.price - coupon.amount)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600 dark:text-slate-300">Taxa de processamento</dt>
          <dd>{GROUP_MESSAGES.processingFee}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-semibold dark:border-slate-700">
          <dt>Total</dt>
          <dd>{formatPrice(total)}</dd>
        </div>
      </dl>
      <section
        aria-labelledby={premiumId}
        className="grid gap-2 rounded-xl bg-indigo-50 p-4 dark:bg-indigo-950/50"
      >
        <h3 id={premiumId} className="text-sm font-semibold text-indigo-900 dark:text-indigo-200">
          {GROUP_MESSAGES.premiumIncluded}
        </h3>
        <ul className="grid gap-1.5 text-sm text-indigo-900 dark:text-indigo-100">
          {PREMIUM_ITEMS.map((item) => (
            <li key={item} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
              {item}
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
