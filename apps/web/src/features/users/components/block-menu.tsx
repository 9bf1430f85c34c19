import { BLOCK_MESSAGES, type UserProfile } from '@estudai/contract/constants';
import { Ban, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { CardMenu } from '../../../components/card-menu.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useSetBlocked } from '../api/block-user.ts';

/** The profile's '…' (issue 21): 'Bloquear' (asked first), or 'Desbloquear' once blocked. */
export function BlockMenu({ profile }: { profile: UserProfile }) {
  const [confirming, setConfirming] = useState(false);
  const setBlocked = useSetBlocked();
  const isBlocked = profile.isBlocked ?? false;
  const run = (block: boolean) => {
    if (setBlocked.isPending) return;
    setBlocked.mutate({ userId: profile.id, block }, { onSuccess: () => setConfirming(false) });
  };
  return (
    <>
      <CardMenu
        label="Mais opções do perfil"
        items={[
          isBlocked
            ? { label: BLOCK_MESSAGES.unblock, icon: ShieldCheck, onSelect: () => run(false) }
            : {
                label: BLOCK_MESSAGES.block,
                icon: Ban,
                onSelect: () => setConfirming(true),
                destructive: true,
              },
        ]}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={BLOCK_MESSAGES.confirmTitle(profile.displayName)}
        description={BLOCK_MESSAGES.confirmDescription}
        confirmLabel={BLOCK_MESSAGES.block}
        pendingLabel="Bloqueando..."
        isPending={setBlocked.isPending}
        destructive
        onConfirm={() => run(true)}
      />
    </>
  );
}
