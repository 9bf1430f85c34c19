import { type GroupMember, TEACHING_MESSAGES as M } from '@estudai/contract/constants';
import { Download, Search, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { LoadMoreButton } from '../../../components/load-more.tsx';
import { Page } from '../../../components/page.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { useGroup } from '../../../lib/queries/group.ts';
import { useGroupPermissions } from '../../../lib/queries/group-permissions.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { membersCsvUrl, useMembers } from '../api/members.ts';
import { ManagerOnly } from '../components/manager-only.tsx';
import { MemberCard } from '../components/member-card.tsx';
import { RemoveMemberDialog } from '../components/remove-member-dialog.tsx';
import { TeachersSection } from '../components/teachers-section.tsx';

/** Spec §5's searches wait 300 ms after the last key. */
const SEARCH_DELAY_MS = 300;

const isRefused = (error: Error) =>
  error instanceof ApiError && (error.status === 403 || error.status === 404);

/** /study-groups/{id}/membros: the owner's and co-teachers' list of members; search, remove, export. */
export function GroupMembersPage() {
  const { groupId = '' } = useParams();
  const group = useGroup(groupId);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const members = useMembers(groupId, q);
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const permissions = useGroupPermissions(groupId, groupId !== '');
  if (!groupId) return <Navigate to={paths.studyGroups()} replace />;

  const list = members.data?.pages.flatMap((page) => page.data) ?? [];
  let content: ReactNode;
  if (members.isPending) content = <ListSkeleton label="Carregando membros" />;
  else if (members.isError)
    content = isRefused(members.error) ? (
      <ManagerOnly groupId={groupId} message={members.error.message} />
    ) : (
      <ErrorState
        title="Não foi possível carregar os membros."
        error={members.error}
        onRetry={() => void members.refetch()}
      />
    );
  else if (list.length === 0)
    content = (
      <EmptyState icon={Users} title={M.membersEmpty}>
        {q ? 'Tente outro nome ou usuário.' : 'Compartilhe um link de convite para trazer alunos.'}
      </EmptyState>
    );
  else
    content = (
      <>
        <ul className="grid gap-3" aria-label="Membros do grupo">
          {list.map((member) => (
            <MemberCard
              key={member.userId}
              member={member}
              onRemove={member.userId === group.data?.ownerId ? undefined : () => setRemoving(member)}
            />
          ))}
        </ul>
        <LoadMoreButton query={members} />
      </>
    );

  const refused = members.isError && isRefused(members.error);
  return (
    <Page title={M.membersTitle} back={paths.studyGroup(groupId)} backViaHistory>
      {group.data && <p className="text-sm text-slate-600 dark:text-slate-300">{group.data.name}</p>}
      {permissions.data?.canAdminister && group.data && (
        <TeachersSection groupId={groupId} ownerId={group.data.ownerId} />
      )}
      {!refused && (
        <div className="flex flex-wrap items-center gap-2">
          <div className="relative min-w-0 flex-1 basis-56">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <Input
              type="search"
              aria-label="Buscar membros"
              placeholder={M.membersSearch}
              className="pl-9"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <a href={membersCsvUrl(groupId, q)} download className={buttonClasses({ variant: 'outline' })}>
            <Download className="size-4" aria-hidden />
            {M.membersExport}
          </a>
        </div>
      )}
      {content}
      <RemoveMemberDialog
        groupId={groupId}
        member={removing}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
      />
    </Page>
  );
}
