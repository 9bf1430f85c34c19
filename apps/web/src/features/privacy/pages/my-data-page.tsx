import { MINORS_ERROR_CODES, type UpdatePrivacyInput } from '@estudai/contract/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { PrivacySettingsForm } from '../../../components/privacy-settings-form.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMe } from '../../../lib/me.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdatePrivacy } from '../api/update-privacy.ts';
import { DeleteAccountSection } from '../components/delete-account-section.tsx';
import { ExportSection } from '../components/export-section.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="grid gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

function PrivacySection() {
  const me = useMe();
  const update = useUpdatePrivacy();
  if (!me) return null;
  const handleChange = (input: UpdatePrivacyInput) =>
    update.mutate(input, {
      onSuccess: () => toast({ title: 'Privacidade atualizada' }),
      onError: (error) =>
        toast({
          title:
            error instanceof ApiError && error.code === MINORS_ERROR_CODES.privacyNeedsGuardian
              ? 'Peça ao seu responsável'
              : 'Não foi possível salvar',
          description: error.message,
          variant: 'destructive',
        }),
    });
  return (
    <Section title="Privacidade">
      {me.isMinor && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Você pode deixar sua privacidade mais fechada. Para abrir mais que o padrão, só com a aprovação do
          seu responsável.
        </p>
      )}
      <PrivacySettingsForm settings={me.privacy} disabled={update.isPending} onChange={handleChange} />
    </Section>
  );
}

/** /meus-dados (LGPD art. 18): privacy settings, a copy of everything, and deleting the account. */
export function MyDataPage() {
  return (
    <Page title="Meus dados" back={paths.profile()} backViaHistory>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Seus dados são seus. Veja na{' '}
        <Link to={paths.privacy()} className="font-medium text-indigo-600 underline dark:text-indigo-400">
          página de privacidade
        </Link>{' '}
        o que guardamos e por quê.
      </p>
      <PrivacySection />
      <Section title="Baixar meus dados">
        <ExportSection />
      </Section>
      <Section title="Excluir minha conta">
        <DeleteAccountSection />
      </Section>
    </Page>
  );
}
