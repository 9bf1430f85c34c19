import {
  type CreateGroupInput,
  createGroupInputSchema,
  GROUP_CATEGORY_LABELS,
  GROUP_CATEGORY_VALUES,
  GROUP_SUBJECTS,
  type GroupCategory,
  type StudyGroup,
} from '@estudai/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Image } from '../../../components/ui/image.tsx';
import { Field, Input, inputClasses } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { formatPrice, parseReais } from '../../../lib/format.ts';
import { CoverUpload } from './cover-upload.tsx';
import { TagsInput } from './tags-input.tsx';

export type GroupFormValues = z.output<typeof createGroupInputSchema>;

const DURATIONS = [1, 3, 6, 12, 24, 36];

/** A new group's form: free, 100 members, no category chosen yet. */
export const emptyGroupValues = (): CreateGroupInput => ({
  name: '',
  description: '',
  summary: '',
  coverImage: null,
  // No category until one is picked: the schema then says 'Escolha uma categoria válida.'
  category: '' as GroupCategory,
  subject: 'ENEM',
  isPaid: false,
  price: 0,
  subscriptionDuration: null,
  maxMembers: 100,
  tags: [],
});

/** An existing group's values, for the owner's edit dialog. */
export const groupValues = (group: StudyGroup): CreateGroupInput => ({
  name: group.name,
  description: group.description,
  summary: group.summary,
  coverImage: group.coverImage,
  category: group.category,
  subject: group.subject,
  isPaid: group.isPaid,
  price: group.price,
  subscriptionDuration: group.subscriptionDuration,
  maxMembers: group.maxMembers,
  tags: group.tags,
});

/** Cents as the field shows them, without the 'R$' it already has: 199000 → '1.990,00'. */
const reaisText = (cents: number) => formatPrice(cents).replace(/^R\$\s*/, '');

/** The price in reais as typed ('49,90'); the form holds it in cents, as the contract does. */
function PriceInput({
  id,
  errorId,
  cents,
  onChange,
}: {
  id: string;
  errorId?: string;
  cents: number | undefined;
  onChange: (cents: number) => void;
}) {
  const [text, setText] = useState(() => (cents ? reaisText(cents) : ''));
  const isPrice = typeof cents === 'number' && Number.isFinite(cents) && cents > 0;
  return (
    <div className="grid gap-1">
      <div className="relative">
        <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">
          R$
        </span>
        <Input
          id={id}
          inputMode="decimal"
          placeholder="19,90"
          value={text}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className="pl-10"
          onChange={(event) => {
            setText(event.target.value);
            onChange(event.target.value.trim() ? parseReais(event.target.value) : 0);
          }}
          // What was typed, written back as a price ('1990' → '1.990,00'), so nobody misreads it.
          onBlur={() => {
            if (isPrice) setText(reaisText(cents));
          }}
        />
      </div>
      {isPrice && (
        <p aria-live="polite" className="text-xs text-slate-500 dark:text-slate-400">
          {formatPrice(cents)}
        </p>
      )}
    </div>
  );
}

/** Spec §1/§3: everything a group has, validated by the same schema the server uses. */
export function GroupForm({
  defaultValues,
  submitLabel,
  pendingLabel,
  isPending,
  onSubmit,
  onCancel,
}: {
  defaultValues: CreateGroupInput;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onSubmit: (values: GroupFormValues) => void;
  onCancel: () => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<CreateGroupInput, unknown, GroupFormValues>({
    resolver: zodResolver(createGroupInputSchema),
    defaultValues,
  });
  const isPaid = watch('isPaid');
  const invalid = (error: unknown, errorId?: string) =>
    error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4 p-5">
      <Field label="Nome do grupo" error={errors.name?.message}>
        {({ id, errorId }) => (
          <Input
            id={id}
            placeholder="Ex.: Física para o ENEM"
            {...invalid(errors.name, errorId)}
            {...register('name')}
          />
        )}
      </Field>
      <Field label="Resumo (opcional)" error={errors.summary?.message}>
        {({ id, errorId }) => (
          <Input
            id={id}
            placeholder="Uma frase que apareça no card do grupo"
            {...invalid(errors.summary, errorId)}
            {...register('summary')}
          />
        )}
      </Field>
      <Field label="Descrição" error={errors.description?.message}>
        {({ id, errorId }) => (
          <Textarea
            id={id}
            rows={4}
            placeholder="O que o grupo estuda, como funciona, para quem é"
            {...invalid(errors.description, errorId)}
            {...register('description')}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Categoria" error={errors.category?.message}>
          {({ id, errorId }) => (
            <select
              id={id}
              className={inputClasses}
              {...invalid(errors.category, errorId)}
              {...register('category')}
            >
              <option value="">Escolha uma categoria</option>
              {GROUP_CATEGORY_VALUES.map((category) => (
                <option key={category} value={category}>
                  {GROUP_CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Foco" error={errors.subject?.message}>
          {({ id, errorId }) => (
            <select
              id={id}
              className={inputClasses}
              {...invalid(errors.subject, errorId)}
              {...register('subject')}
            >
              {GROUP_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {subject}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <label className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 p-3 text-sm font-medium dark:border-slate-700">
        Grupo pago
        <input
          type="checkbox"
          role="switch"
          aria-checked={isPaid}
          className="peer sr-only"
          {...register('isPaid', {
            onChange: (event: { target: { checked: boolean } }) => {
              if (event.target.checked) return;
              // A free group has no price and no subscription.
              setValue('price', 0);
              setValue('subscriptionDuration', null);
            },
          })}
        />
        <span
          aria-hidden
          className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors peer-checked:bg-indigo-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-500 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-5 dark:bg-slate-600"
        />
      </label>

      {isPaid && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Preço (R$)" error={errors.price?.message}>
            {({ id, errorId }) => (
              <Controller
                control={control}
                name="price"
                render={({ field }) => (
                  <PriceInput
                    id={id}
                    errorId={errors.price ? errorId : undefined}
                    cents={field.value}
                    onChange={field.onChange}
                  />
                )}
              />
            )}
          </Field>
          <Field label="Duração da assinatura" error={errors.subscriptionDuration?.message}>
            {({ id, errorId }) => (
              <Controller
                control={control}
                name="subscriptionDuration"
                render={({ field }) => (
                  <select
                    id={id}
                    className={inputClasses}
                    {...invalid(errors.subscriptionDuration, errorId)}
                    value={field.value ?? ''}
                    onChange={(event) =>
                      field.onChange(event.target.value ? Number(event.target.value) : null)
                    }
                  >
                    <option value="">Vitalício</option>
                    {DURATIONS.map((months) => (
                      <option key={months} value={months}>
                        {months} {months === 1 ? 'mês' : 'meses'}
                      </option>
                    ))}
                  </select>
                )}
              />
            )}
          </Field>
        </div>
      )}

      <Field label="Máximo de membros" error={errors.maxMembers?.message}>
        {({ id, errorId }) => (
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            {...invalid(errors.maxMembers, errorId)}
            {...register('maxMembers', { valueAsNumber: true })}
          />
        )}
      </Field>
      {/* Issue 43: a cover is a photo sent from the device (the image check looks at it), not a link. */}
      <Controller
        control={control}
        name="coverImage"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Imagem de capa (opcional)</legend>
            {field.value && (
              <div className="grid gap-2">
                <Image
                  src={field.value}
                  alt="Capa escolhida"
                  className="h-32 w-full rounded-xl object-cover"
                />
                <Button variant="ghost" size="sm" className="w-fit" onClick={() => field.onChange(null)}>
                  Remover capa
                </Button>
              </div>
            )}
            <CoverUpload onUploaded={field.onChange} />
            {errors.coverImage?.message && (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {errors.coverImage.message}
              </p>
            )}
          </fieldset>
        )}
      />
      <Controller
        control={control}
        name="tags"
        render={({ field }) => (
          <TagsInput value={field.value ?? []} onChange={field.onChange} error={errors.tags?.message} />
        )}
      />

      <div className="sticky bottom-0 -mx-5 -mb-5 flex gap-2 border-t border-slate-200 bg-white px-5 py-4 dark:border-slate-800 dark:bg-slate-900">
        <Button variant="outline" className="flex-1" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" className="flex-1" disabled={isPending}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
