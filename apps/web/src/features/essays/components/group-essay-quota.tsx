import { essayQuotaInputSchema } from '@estudai/contract';
import { ESSAY_MONTHLY_QUOTA_MAX, type EssayQuota, type StudyGroup } from '@estudai/contract/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { CHECKED_WHEN_SENT } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { useEssayQuota, useSetEssayQuota } from '../api/essay-quota.ts';

/** '2 de 4 correções usadas este mês' (a paid group's quota, Brasília month); null without one. */
export function quotaUsage(quota: EssayQuota | undefined): string | null {
  if (!quota || quota.monthlyQuota === null) return null;
  const noun = quota.monthlyQuota === 1 ? 'correção usada' : 'correções usadas';
  return `${quota.usedThisMonth} de ${quota.monthlyQuota} ${noun} este mês`;
}

type QuotaForm = { monthlyQuota: number | null };

/**
 * The owner's setting on a paid group's page: how many essays each member may send to the group's
 * teachers per month ('4 correções por mês'); empty for no limit.
 */
export function GroupEssayQuota({ group }: { group: StudyGroup }) {
  const shown = group.isOwner && group.isPaid;
  const quota = useEssayQuota(shown ? group.id : null);
  const save = useSetEssayQuota(group.id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<QuotaForm, unknown, QuotaForm>({
    ...CHECKED_WHEN_SENT,
    resolver: zodResolver(essayQuotaInputSchema),
    defaultValues: { monthlyQuota: null },
  });
  const current = quota.data?.monthlyQuota;
  useEffect(() => {
    if (current !== undefined) reset({ monthlyQuota: current });
  }, [current, reset]);
  if (!shown || !quota.data) return null;

  const handleSave = handleSubmit(({ monthlyQuota }) =>
    save.mutate(monthlyQuota, {
      onSuccess: (saved) =>
        toast({
          title: 'Cota de correções salva',
          description:
            saved.monthlyQuota === null
              ? 'Os alunos enviam redações sem limite por mês.'
              : `Cada aluno envia até ${saved.monthlyQuota} ${saved.monthlyQuota === 1 ? 'redação' : 'redações'} por mês.`,
        }),
      onError: (failure) => setError('monthlyQuota', { message: failure.message }),
    }),
  );
  const error = errors.monthlyQuota?.message;
  return (
    <form onSubmit={handleSave} noValidate className="flex flex-wrap items-start gap-x-2 gap-y-1">
      <div className="w-full max-w-xs">
        <Field label="Correções de redação por aluno por mês" error={error} hint="Em branco: sem limite.">
          {({ id, errorId, hintId }) => (
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              min={1}
              max={ESSAY_MONTHLY_QUOTA_MAX}
              placeholder="Sem limite"
              aria-invalid={error ? true : undefined}
              aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
              {...register('monthlyQuota', {
                setValueAs: (value: unknown) =>
                  value === '' || value === null || value === undefined ? null : Number(value),
              })}
            />
          )}
        </Field>
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending} className="sm:mt-[1.625rem]">
        {save.isPending ? 'Salvando...' : 'Salvar cota'}
      </Button>
    </form>
  );
}
