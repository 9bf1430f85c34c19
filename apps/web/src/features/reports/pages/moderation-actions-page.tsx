import { APPEAL_STATUS_LABELS, formatBrasiliaDayMonthTime, type MyModerationAction } from '@estudai/contract';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { AppealTextForm } from '../../../components/appeal-text-form.tsx';
import { Page } from '../../../components/page.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useAppealAction, useMyModerationActions } from '../api/get-my-moderation-actions.ts';

function AppealForm({ actionId }: { actionId: string }) {
  const [open, setOpen] = useState(false);
  const appeal = useAppealAction();
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        Recorrer
      </Button>
    );
  }
  return (
    <AppealTextForm
      label="Por que você discorda?"
      submitLabel="Enviar recurso"
      pending={appeal.isPending}
      onSend={(text, fail) =>
        appeal.mutate({ actionId, input: { text } }, { onError: (failure) => fail(failure.message) })
      }
    />
  );
}

function ActionCard({ action }: { action: MyModerationAction }) {
  return (
    <Card className="grid gap-2" aria-label={action.kindLabel}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">{action.kindLabel}</h2>
        {action.reversed ? (
          <Badge tone="green">Revertida</Badge>
        ) : action.strike ? (
          <Badge tone="yellow">Conta como advertência</Badge>
        ) : null}
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Regra: <strong>{action.ruleLabel}</strong> · Item: {action.item.label}
      </p>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        <time dateTime={action.createdAt}>{formatDateTime(action.createdAt)}</time>
        {action.endsAt && !action.reversed && ` · até ${formatBrasiliaDayMonthTime(action.endsAt)}`}
        {action.strike &&
          action.strikeExpiresAt &&
          !action.reversed &&
          ` · deixa de contar em ${formatBrasiliaDayMonthTime(action.strikeExpiresAt)}`}
      </p>
      {action.appeal && (
        <div className="grid gap-1 rounded-xl bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
          <p className="font-medium" role="status">
            {APPEAL_STATUS_LABELS[action.appeal.status]}
          </p>
          <p className="text-slate-600 dark:text-slate-300">Seu recurso: {action.appeal.text}</p>
          {action.appeal.note && (
            <p className="text-slate-600 dark:text-slate-300">Moderação: {action.appeal.note}</p>
          )}
        </div>
      )}
      {action.appealable && <AppealForm actionId={action.id} />}
    </Card>
  );
}

/** Settings › 'Minhas advertências': every action taken against the viewer, with the rule, the item and 'Recorrer'. */
export function ModerationActionsPage() {
  const actions = useMyModerationActions();
  return (
    <Page title="Minhas advertências" back={paths.profile()} backViaHistory>
      {actions.isPending ? (
        <div role="status" aria-label="Carregando advertências" className="grid gap-3">
          <Skeleton className="h-28" />
        </div>
      ) : actions.isError ? (
        <Card role="alert">{actions.error.message}</Card>
      ) : actions.data.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 py-8 text-center">
          <ShieldCheck className="size-8 text-emerald-600" aria-hidden />
          <p className="font-medium">Nenhuma advertência</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Obrigado por seguir as regras da comunidade.
          </p>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-label="Ações da moderação">
          {actions.data.map((action) => (
            <li key={action.id}>
              <ActionCard action={action} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
