import type { GuardianTeen, UpdatePrivacyInput } from '@estudai/contract/constants';
import { type ReactNode, useState } from 'react';
import { PrivacySettingsForm } from '../../../components/privacy-settings-form.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useDecideApproval, useEndGuardianLink, useSetTeenPrivacy } from '../api/guardian-teens.ts';
import { formatDay } from '../guardian-format.ts';
import { ActivityChart } from './activity-chart.tsx';
import { DeleteTeenForm, TeenExport } from './teen-data.tsx';
import { TeenEssays } from './teen-essays.tsx';
import { TeenProtections } from './teen-protections.tsx';

const failed = (error: Error) =>
  toast({ title: 'Não foi possível', description: error.message, variant: 'destructive' });

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Approvals({ approvals }: { approvals: GuardianTeen['pendingApprovals'] }) {
  const decide = useDecideApproval();
  if (approvals.length === 0) return <p className="text-sm text-slate-500">Nenhum pedido esperando.</p>;
  return (
    <ul className="grid gap-2">
      {approvals.map((approval) => (
        <li
          key={approval.id}
          className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 px-3 py-2.5 dark:border-slate-700"
        >
          <span className="min-w-0 flex-1 text-sm">
            <strong className="break-words">{approval.group.name}</strong>
            <span className="block text-slate-500">
              {formatPrice(approval.group.price)} · pedido em {formatDay(approval.requestedAt)}
            </span>
          </span>
          <span className="flex gap-2">
            {[false, true].map((approve) => (
              <Button
                key={String(approve)}
                size="sm"
                variant={approve ? 'primary' : 'outline'}
                disabled={decide.isPending}
                aria-label={`${approve ? 'Aprovar' : 'Recusar'} ${approval.group.name}`}
                onClick={() =>
                  decide.mutate(
                    { id: approval.id, approve },
                    { onSuccess: ({ message }) => toast({ title: message }), onError: failed },
                  )
                }
              >
                {approve ? 'Aprovar' : 'Recusar'}
              </Button>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One linked teen on /responsavel: usage, essay scores, adult contacts, paid-group requests, privacy, data, unlinking. */
export function TeenCard({ teen }: { teen: GuardianTeen }) {
  const setPrivacy = useSetTeenPrivacy();
  const unlink = useEndGuardianLink();
  const [confirmUnlink, setConfirmUnlink] = useState(false);
  const name = teen.teen.displayName;
  const handlePrivacy = (input: UpdatePrivacyInput) =>
    setPrivacy.mutate(
      { teenId: teen.teen.id, input },
      { onSuccess: () => toast({ title: 'Privacidade atualizada' }), onError: failed },
    );

  return (
    <Card className="grid gap-4">
      <header className="flex items-center gap-3">
        <UserAvatar name={name} src={teen.teen.avatar} size={12} />
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold">{name}</h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {teen.teen.age} anos · vinculado desde {formatDay(teen.since)}
          </p>
        </div>
      </header>

      <Section title="Uso nos últimos 14 dias">
        <ActivityChart activity={teen.activity} />
      </Section>

      <Section title="Redação">
        <TeenEssays essays={teen.essays} />
      </Section>

      <Section title="Adultos com quem conversa">
        {teen.adultContacts.length === 0 ? (
          <p className="text-sm text-slate-500">Nenhuma conversa com adultos.</p>
        ) : (
          <ul className="grid gap-2">
            {teen.adultContacts.map((contact) => (
              <li key={contact.id} className="flex items-center gap-3 text-sm">
                <UserAvatar name={contact.displayName} src={contact.avatar} size={8} />
                <span className="min-w-0 flex-1 truncate">{contact.displayName}</span>
                <span className="shrink-0 text-slate-500">desde {formatDay(contact.since)}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-slate-500">Você vê com quem, nunca o que escrevem.</p>
      </Section>

      <Section title="Proteções">
        <TeenProtections protections={teen.protections} />
        <p className="text-xs text-slate-500">Para menores, as duas proteções ficam sempre ativas.</p>
      </Section>

      <Section title="Pedidos para grupos pagos">
        <Approvals approvals={teen.pendingApprovals} />
      </Section>

      <Section title="Privacidade">
        <PrivacySettingsForm
          settings={teen.privacy}
          disabled={setPrivacy.isPending}
          onChange={handlePrivacy}
        />
      </Section>

      <Section title="Cópia dos dados">
        <TeenExport teen={teen} />
      </Section>

      <Section title="Excluir a conta">
        <DeleteTeenForm teen={teen} />
      </Section>

      <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button variant="outline" onClick={() => setConfirmUnlink(true)}>
          Desfazer vínculo
        </Button>
      </div>
      <ConfirmDialog
        open={confirmUnlink}
        onOpenChange={setConfirmUnlink}
        title="Desfazer vínculo?"
        description={`Você deixa de acompanhar ${name}. Se tiver menos de 16 anos, a conta volta ao modo protegido.`}
        confirmLabel="Desfazer vínculo"
        pendingLabel="Desfazendo..."
        isPending={unlink.isPending}
        destructive
        onConfirm={() =>
          unlink.mutate(teen.linkId, {
            onSuccess: ({ message }) => {
              setConfirmUnlink(false);
              toast({ title: message });
            },
            onError: failed,
          })
        }
      />
    </Card>
  );
}
