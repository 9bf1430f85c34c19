import { GROUP_MESSAGES, type PaymentConfig, type PaymentMethod } from '@estudai/contract/constants';
import type { LucideIcon } from 'lucide-react';
import { CreditCard, FlaskConical, QrCode, ShieldCheck } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

const METHOD_LABELS: Record<PaymentMethod, { label: string; icon: LucideIcon }> = {
  card: { label: 'Cartão de crédito', icon: CreditCard },
  pix: { label: 'Pix', icon: QrCode },
};

/** Credit card always; Pix when the provider offers it (GET /api/payments/config). */
const offeredMethods = (config: PaymentConfig | undefined): PaymentMethod[] =>
  config?.methods.includes('pix') ? ['card', 'pix'] : ['card'];

/** The method box, and a plain word on test mode: in the sandbox nothing is charged. */
export function PaymentMethodBox({
  config,
  method,
  onChange,
  disabled,
}: {
  config: PaymentConfig | undefined;
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  disabled: boolean;
}) {
  return (
    <Card className="grid gap-3">
      <fieldset className="grid gap-2" disabled={disabled}>
        <legend className="mb-2 font-semibold">Forma de pagamento</legend>
        {offeredMethods(config).map((value) => {
          const { label, icon: Icon } = METHOD_LABELS[value];
          const checked = method === value;
          return (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border p-3 text-sm font-medium transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500',
                checked
                  ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950/50'
                  : 'border-slate-300 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800',
              )}
            >
              <input
                type="radio"
                name="payment-method"
                value={value}
                checked={checked}
                onChange={() => onChange(value)}
                className="size-4 accent-indigo-600"
              />
              <Icon className="size-5 text-slate-600 dark:text-slate-300" aria-hidden />
              {label}
            </label>
          );
        })}
      </fieldset>
      {config?.testMode && (
        <p
          role="note"
          className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
        >
          <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden />
          {GROUP_MESSAGES.sandboxNotice}
        </p>
      )}
      {config && !config.testMode && (
        <p className="flex items-start gap-2 text-xs text-slate-500 dark:text-slate-400">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
          Você conclui o pagamento no ambiente seguro do provedor e volta para cá.
        </p>
      )}
    </Card>
  );
}
