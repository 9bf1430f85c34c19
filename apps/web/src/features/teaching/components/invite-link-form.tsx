import { createInviteLinkInputSchema } from '@estudai/contract';
import {
  COUPON_PERCENT_MAX,
  COUPON_PERCENT_MIN,
  type CreateInviteLinkInput,
  fromBrasiliaInput,
  INVITE_MAX_USES,
} from '@estudai/contract/constants';
import { type FormEvent, useState } from 'react';
import { BrasiliaDateTimeField } from '../../../components/brasilia-date-time-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';

interface InviteFormValues {
  maxUses: string;
  expiresAt: string;
  couponPercent: string;
  couponMaxUses: string;
}

const EMPTY: InviteFormValues = { maxUses: '', expiresAt: '', couponPercent: '', couponMaxUses: '' };

/** An empty box is 'no limit' (null); anything else goes as a number the schema checks. */
const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

export function toInviteInput(values: InviteFormValues, isPaid: boolean) {
  return createInviteLinkInputSchema.safeParse({
    maxUses: optionalNumber(values.maxUses),
    expiresAt: values.expiresAt ? fromBrasiliaInput(values.expiresAt) : null,
    couponPercent: isPaid ? optionalNumber(values.couponPercent) : null,
    couponMaxUses: isPaid && values.couponPercent.trim() ? optionalNumber(values.couponMaxUses) : null,
  });
}

function NumberField({
  label,
  hint,
  min,
  max,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  min: number;
  max: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} hint={hint}>
      {({ id, hintId }) => (
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          aria-describedby={hintId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** The new link's limits, all optional: uses, expiry and, for a paid group, a coupon. */
export function InviteLinkForm({
  isPaid,
  isPending,
  serverError,
  onSubmit,
}: {
  isPaid: boolean;
  isPending: boolean;
  serverError: string | null;
  onSubmit: (input: CreateInviteLinkInput, reset: () => void) => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<InviteFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = toInviteInput(values, isPaid);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Confira os campos.');
      return;
    }
    setError(null);
    onSubmit(parsed.data, () => setValues(EMPTY));
  };

  const message = error ?? serverError;
  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4">
      <NumberField
        label="Limite de usos (opcional)"
        hint="Vazio: sem limite."
        min={1}
        max={INVITE_MAX_USES}
        value={values.maxUses}
        onChange={(maxUses) => set({ maxUses })}
      />
      <BrasiliaDateTimeField
        label="Válido até (opcional, horário de Brasília)"
        value={values.expiresAt}
        onChange={(expiresAt) => set({ expiresAt })}
      />
      {isPaid && (
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            label="Cupom de desconto (%)"
            hint="No primeiro pagamento. Vazio: sem cupom."
            min={COUPON_PERCENT_MIN}
            max={COUPON_PERCENT_MAX}
            value={values.couponPercent}
            onChange={(couponPercent) => set({ couponPercent })}
          />
          <NumberField
            label="Usos do cupom (opcional)"
            hint="Vazio: tantos quanto o link."
            min={1}
            max={INVITE_MAX_USES}
            value={values.couponMaxUses}
            onChange={(couponMaxUses) => set({ couponMaxUses })}
          />
        </div>
      )}
      {message && (
        <p
          role="alert"
          className="rounded-xl bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/40 dark:text-red-200"
        >
          {message}
        </p>
      )}
      <Button type="submit" disabled={isPending}>
        {isPending ? 'Criando...' : 'Criar link de convite'}
      </Button>
    </form>
  );
}
