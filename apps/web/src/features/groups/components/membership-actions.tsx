import {
  GROUP_MESSAGES,
  type Membership,
  type MembershipAction,
  type StudyGroup,
} from '@estudai/contract/constants';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Archive, ArchiveRestore, Bell, BellOff, LogOut, MoreVertical } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangeMembership } from '../api/change-membership.ts';

const failed = (error: Error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' });

/**
 * Spec §2: 'Entrar no grupo' for a free group, 'Assinar por {price}' (the payment screen) for a paid
 * one; neither for a full group ('Este grupo está lotado.').
 */
export function JoinButton({ group }: { group: StudyGroup }) {
  const navigate = useNavigate();
  const membership = useChangeMembership(group.id);

  if (!group.isActive) {
    return (
      <div className="grid gap-2">
        <Button disabled>
          {group.isPaid ? GROUP_MESSAGES.subscribe(formatPrice(group.price)) : GROUP_MESSAGES.join}
        </Button>
        <p className="text-sm text-slate-500 dark:text-slate-400">{GROUP_MESSAGES.groupInactive}</p>
      </div>
    );
  }
  // A full group offers no way in: the reason stands where the button would be.
  if (group.currentMembers >= group.maxMembers) {
    return (
      <p role="status" className="text-sm font-medium text-amber-700 dark:text-amber-400">
        {GROUP_MESSAGES.groupFull}
      </p>
    );
  }
  if (group.isPaid) {
    return (
      <Button size="lg" onClick={() => navigate(paths.groupPayment(group.id))}>
        {GROUP_MESSAGES.subscribe(formatPrice(group.price))}
      </Button>
    );
  }
  const handleJoin = () =>
    membership.mutate('join', {
      onSuccess: () =>
        toast({
          title: GROUP_MESSAGES.joinedTitle,
          description: 'Agora você tem acesso aos posts, materiais, vídeos e ao fórum.',
        }),
      onError: failed,
    });
  return (
    <Button size="lg" disabled={membership.isPending} onClick={handleJoin}>
      {membership.isPending ? 'Entrando...' : GROUP_MESSAGES.join}
    </Button>
  );
}

type MenuAction = Extract<MembershipAction, 'leave' | 'archive' | 'unarchive'>;

const CONFIRM: Record<
  MenuAction,
  { title: string; description: string; confirmLabel: string; pendingLabel: string; done: string }
> = {
  leave: {
    title: 'Sair do grupo?',
    description:
      'Você deixa de ver os posts, materiais, vídeos e o fórum do grupo. Em um grupo pago, será preciso assinar de novo para voltar.',
    confirmLabel: GROUP_MESSAGES.leave,
    pendingLabel: 'Saindo...',
    done: GROUP_MESSAGES.left,
  },
  archive: {
    title: 'Arquivar grupo?',
    description: 'O grupo sai de "Meus Grupos" e vai para "Arquivados". Você continua membro.',
    confirmLabel: GROUP_MESSAGES.archive,
    pendingLabel: 'Arquivando...',
    done: GROUP_MESSAGES.archived,
  },
  unarchive: {
    title: 'Desarquivar grupo?',
    description: 'O grupo volta para "Meus Grupos".',
    confirmLabel: GROUP_MESSAGES.unarchive,
    pendingLabel: 'Desarquivando...',
    done: GROUP_MESSAGES.unarchived,
  },
};

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800';

/**
 * Spec §2: the menu of an active member, 'Sair do grupo' and 'Arquivar grupo', each confirmed first;
 * and 'Silenciar novidades' (or 'Reativar novidades'), at once.
 */
export function MemberMenu({ group, membership }: { group: StudyGroup; membership?: Membership | null }) {
  const navigate = useNavigate();
  const membershipChange = useChangeMembership(group.id);
  const change = useChangeMembership(group.id);
  const [asking, setAsking] = useState<MenuAction | null>(null);
  const [shown, setShown] = useState<MenuAction>('leave');
  const confirm = CONFIRM[shown];

  const handleAsk = (action: MenuAction) => {
    setShown(action);
    setAsking(action);
  };

  const isMuted = membership?.isMuted ?? false;
  const handleMute = () =>
    change.mutate(isMuted ? 'unmute' : 'mute', {
      onSuccess: () =>
        toast(
          isMuted
            ? { title: GROUP_MESSAGES.unmutedTitle, description: GROUP_MESSAGES.unmuted }
            : { title: GROUP_MESSAGES.mutedTitle, description: GROUP_MESSAGES.muted },
        ),
      onError: failed,
    });

  const handleConfirm = () => {
    if (!asking) return;
    const action = asking;
    membershipChange.mutate(action, {
      onSuccess: () => {
        toast({ title: CONFIRM[action].done });
        setAsking(null);
        // Spec §4: leaving or archiving goes back to the list.
        if (action !== 'unarchive') navigate(paths.studyGroups());
      },
      onError: failed,
    });
  };

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant="outline" size="icon" aria-label="Opções do grupo">
            <MoreVertical className="size-5" aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            {group.isArchived ? (
              <DropdownMenu.Item className={itemClasses} onSelect={() => handleAsk('unarchive')}>
                <ArchiveRestore className="size-4" aria-hidden />
                {GROUP_MESSAGES.unarchive}
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item className={itemClasses} onSelect={() => handleAsk('archive')}>
                <Archive className="size-4" aria-hidden />
                {GROUP_MESSAGES.archive}
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item
              className={`${itemClasses} text-red-700 dark:text-red-400`}
              onSelect={() => handleAsk('leave')}
            >
              <LogOut className="size-4" aria-hidden />
              {GROUP_MESSAGES.leave}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClasses} disabled={change.isPending} onSelect={handleMute}>
              {isMuted ? <Bell className="size-4" aria-hidden /> : <BellOff className="size-4" aria-hidden />}
              {isMuted ? GROUP_MESSAGES.unmute : GROUP_MESSAGES.mute}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={confirm.title}
        description={confirm.description}
        confirmLabel={confirm.confirmLabel}
        pendingLabel={confirm.pendingLabel}
        isPending={membershipChange.isPending}
        destructive={shown === 'leave'}
        onConfirm={handleConfirm}
      />
    </>
  );
}
