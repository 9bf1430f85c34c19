import { TEACHING_MESSAGES as M, type StudyGroup } from '@estudai/contract/constants';
import { CalendarPlus, FileUp, Link2, Megaphone, Users, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { useGroupPermissions } from '../../../lib/queries/group-permissions.ts';
import { AnnouncementDialog } from './announcement-dialog.tsx';
import { ClassDialog } from './class-dialog.tsx';
import { InviteLinksDialog } from './invite-links-dialog.tsx';

type Opened = 'announcement' | 'class' | 'invites' | null;

/**
 * The teacher's tools on the group page, for the owner and co-teachers only: members, a new
 * announcement, a live class; and for the owner, invite links and earnings.
 */
export function TeachingPanel({ group }: { group: StudyGroup }) {
  const permissions = useGroupPermissions(group.id);
  const [opened, setOpened] = useState<Opened>(null);
  if (!permissions.data?.canManage) return null;
  const { canAdminister } = permissions.data;
  const close = (open: boolean) => {
    if (!open) setOpened(null);
  };
  const linkClasses = buttonClasses({ variant: 'outline', size: 'sm' });

  return (
    <nav aria-label="Ferramentas do professor" className="flex flex-wrap gap-2">
      <Link to={paths.groupMembers(group.id)} className={linkClasses}>
        <Users className="size-4" aria-hidden />
        {M.membersTitle}
      </Link>
      <Link to={paths.groupImport(group.id)} className={linkClasses}>
        <FileUp className="size-4" aria-hidden />
        Importar questões
      </Link>
      <Button variant="outline" size="sm" onClick={() => setOpened('announcement')}>
        <Megaphone className="size-4" aria-hidden />
        {M.newAnnouncement}
      </Button>
      <Button variant="outline" size="sm" onClick={() => setOpened('class')}>
        <CalendarPlus className="size-4" aria-hidden />
        {M.newClass}
      </Button>
      {canAdminister && (
        <>
          <Button variant="outline" size="sm" onClick={() => setOpened('invites')}>
            <Link2 className="size-4" aria-hidden />
            {M.inviteLinksTitle}
          </Button>
          <Link to={paths.groupEarnings(group.id)} className={linkClasses}>
            <Wallet className="size-4" aria-hidden />
            {M.earningsTitle}
          </Link>
        </>
      )}
      <AnnouncementDialog groupId={group.id} open={opened === 'announcement'} onOpenChange={close} />
      <ClassDialog groupId={group.id} open={opened === 'class'} onOpenChange={close} />
      {canAdminister && (
        <InviteLinksDialog
          groupId={group.id}
          isPaid={group.isPaid}
          open={opened === 'invites'}
          onOpenChange={close}
        />
      )}
    </nav>
  );
}
