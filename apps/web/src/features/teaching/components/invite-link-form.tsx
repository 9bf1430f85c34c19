import { createInviteLinkInputSchema } from '@estudai/contract';
import {
  COUPON_PERCENT_MAX,
  COUPON_PERCENT_MIN,
  type CreateInviteLinkInput,
  fromBrasiliaInput,
  INVITE_MAX_USES,
} from '@estudai/contract/constants';
import { Controller, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { BrasiliaDateTimeField } from '../../../components/brasilia-date-time-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { bodyResolver, CHECKED_WHEN_SENT, firstErrorMessage } from '../../../lib/form.ts';

/** The fields as typed: numbers as text (empty: no limit), the expiry on the Brasília clock. */
interface InviteFormValues {
  maxUses: string;
  expiresAt: string;
  couponPercent: string;
  couponMaxUses: string;
}

const EMPTY: InviteFormValues = { maxUses: '', expiresAt: '', couponPercent: '', couponMaxUses: '' };

/** An empty box is 'no limit' (null); anything else goes as a number the schema checks. */
const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/** The fields as the call's body, which the contract's schema (the server's) checks. */
const toInviteBody = (values: InviteFormValues, isPaid: boolean): CreateInviteLinkInput => ({
  maxUses: optionalNumber(values.maxUses),
  expiresAt: values.expiresAt ? fromBrasiliaInput(values.expiresAt) : null,
  couponPercent: isPaid ? optionalNumber(values.couponPercent) : null,
  couponMaxUses: isPaid && values.couponPercent.trim() ? optionalNumber(values.couponMaxUses) : null,
});

function NumberField({
  label,
  hint,
  min,
  max,
  field,
}: {
  label: string;
  hint?: string;
  min: number;
  max: number;
  field: UseFormRegisterReturn;
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
          {...field}
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
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<InviteFormValues, unknown, CreateInviteLinkInput>({
    ...CHECKED_WHEN_SENT,
    resolver: bodyResolver(createInviteLinkInputSchema, (values: InviteFormValues) =>
      toInviteBody(values, isPaid),
    ),
    defaultValues: EMPTY,
  });

  const handleCreate = handleSubmit((input) => onSubmit(input, () => reset(EMPTY)));

  const message = firstErrorMessage(errors) ?? serverError;
  return (
    <form onSubmit={handleCreate} noValidate className="grid gap-4">
      <NumberField
        label="Limite de usos (opcional)"
        hint="Vazio: sem limite."
        min={1}
        max={INVITE_MAX_USES}
        field={register('maxUses')}
      />
      <Controller
        control={control}
        name="expiresAt"
        render={({ field }) => (
          <BrasiliaDateTimeField
            label="Válido até (opcional, horário de Brasília)"
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      {isPaid && (
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            label="Cupom de desconto (%)"
            hint="No primeiro pagamento. Vazio: sem cupom."
            min={COUPON_PERCENT_MIN}
            max={COUPON_PERCENT_MAX}
            field={register('couponPercent')}
          />
          <NumberField
            label="Usos do cupom (opcional)"
            hint="Vazio: tantos quanto o link."
            min={1}
            max={INVITE_MAX_USES}
            field={register('couponMaxUses')}
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
