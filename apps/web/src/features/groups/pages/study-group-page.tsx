import { GROUP_MESSAGES, type Membership, type StudyGroup } from '@estudai/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Lock, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/list-states.tsx';
import { Page } from '../../../components/page.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { getGroupQueryOptions } from '../../../lib/queries/group.ts';
import { useGroupPermissions } from '../../../lib/queries/group-permissions.ts';
import { useMembership } from '../api/get-membership.ts';
import {
  GroupContentTabs,
  type RenderGroupPart,
  type RenderGroupReceipt,
  type RenderGroupTabs,
} from '../components/group-content-tabs.tsx';
import { GroupHero } from '../components/group-hero.tsx';
import { GroupRating } from '../components/group-rating.tsx';
import { JoinButton, MemberMenu } from '../components/membership-actions.tsx';
import { OwnerActions } from '../components/owner-actions.tsx';
import { OwnerCard } from '../components/owner-card.tsx';

function GroupSkeleton() {
  return (
    <div role="status" aria-label="Carregando grupo" className="grid gap-4">
      <Skeleton radius="2xl" className="h-52" />
      <Skeleton className="h-6 w-3/5" />
      <Skeleton className="h-4 w-full" />
      <Skeleton radius="2xl" className="h-20" />
    </div>
  );
}

function GroupNotFound() {
  return (
    <Card className="flex flex-col items-center gap-3 py-10 text-center">
      <SearchX className="size-10 text-slate-400" aria-hidden />
      <h2 className="text-lg font-semibold">{GROUP_MESSAGES.notFound}</h2>
      <Link to={paths.studyGroups()} className={buttonClasses({ variant: 'outline' })}>
        {GROUP_MESSAGES.paymentBack}
      </Link>
    </Card>
  );
}

/** What a visitor sees instead of the content: the price or the way in. */
function MembersOnly({ group }: { group: StudyGroup }) {
  return (
    <Card className="flex flex-col items-center gap-3 py-8 text-center">
      <Lock className="size-8 text-slate-400" aria-hidden />
      <p className="max-w-xs text-sm text-slate-600 dark:text-slate-300">{GROUP_MESSAGES.membersOnly}</p>
      <JoinButton group={group} />
    </Card>
  );
}

/**
 * A paid member's access: until when (or for life), and the receipt of their payment. The box is
 * there while the membership loads, so the tabs below do not move under a tap when it arrives.
 */
function MemberAccess({ membership, receipt }: { membership?: Membership | null; receipt?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-indigo-50 px-3 py-2 text-sm dark:bg-indigo-950/40">
      <span className="flex items-center gap-1.5 font-medium text-indigo-900 dark:text-indigo-200">
        <CalendarClock className="size-4" aria-hidden />
        {!membership ? (
          <Skeleton className="my-0.5 h-4 w-40" />
        ) : membership.expiresAt ? (
          GROUP_MESSAGES.accessUntil(formatDate(membership.expiresAt))
        ) : (
          GROUP_MESSAGES.lifetime
        )}
      </span>
      {receipt}
    </div>
  );
}

/** The parts of the group page other features own, put in by the app (app/routes). */
export interface GroupPageParts {
  renderTabs: RenderGroupTabs;
  renderReceipt?: RenderGroupReceipt;
  /** The teacher's tools, shown to whoever may manage the group (the part checks it). */
  renderManage?: RenderGroupPart;
  /** On top of the content, for those who see it: the pinned announcement and the agenda. */
  renderPinned?: RenderGroupPart;
  /** What the group offers a prospective member (its page): above the way in, or below the content. */
  renderAbout?: RenderGroupPart;
}

function GroupScreen({
  group,
  renderTabs,
  renderReceipt,
  renderManage,
  renderPinned,
  renderAbout,
}: GroupPageParts & { group: StudyGroup }) {
  const isActiveMember = group.isMember && !group.isOwner;
  const membership = useMembership(group.id, isActiveMember);
  // Co-teachers see the content as the owner does, member or not.
  const permissions = useGroupPermissions(group.id);
  const canManage = group.isOwner || Boolean(permissions.data?.canManage);
  const seesContent = group.isMember || canManage;
  return (
    <>
      <GroupHero group={group}>
        {group.isOwner && <OwnerActions group={group} />}
        {renderManage?.(group)}
        {isActiveMember && group.isPaid && (membership.isPending || membership.data) && (
          <MemberAccess membership={membership.data} receipt={renderReceipt?.(group)} />
        )}
        {isActiveMember && (
          <div className="flex flex-wrap items-end justify-between gap-3">
            <GroupRating groupId={group.id} myRating={group.myRating} />
            <MemberMenu group={group} membership={membership.data} />
          </div>
        )}
      </GroupHero>
      {seesContent && renderPinned?.(group)}
      <OwnerCard group={group} />
      {seesContent ? (
        <>
          <GroupContentTabs tabs={renderTabs(group, { canManage })} />
          {renderAbout?.(group)}
        </>
      ) : (
        <>
          {renderAbout?.(group)}
          <MembersOnly group={group} />
        </>
      )}
    </>
  );
}

/**
 * /study-groups/{id}: the group's card for anyone, its content for members and the owner. The
 * content tabs (posts, materials, videos, forum) belong to other features: `renderTabs` gives them.
 */
export function StudyGroupPage(parts: GroupPageParts) {
  const { groupId = '' } = useParams();
  const query = useQuery({ ...getGroupQueryOptions(groupId), enabled: groupId !== '' });
  if (!groupId) return <Navigate to={paths.studyGroups()} replace />;

  let content: ReactNode;
  if (query.isPending) content = <GroupSkeleton />;
  else if (query.isError) {
    content =
      query.error instanceof ApiError && query.error.status === 404 ? (
        <GroupNotFound />
      ) : (
        <ErrorState
          title="Não foi possível carregar o grupo."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      );
  } else content = <GroupScreen key={query.data.id} group={query.data} {...parts} />;

  return (
    <Page title="Grupo de estudo" back={paths.studyGroups()}>
      {content}
    </Page>
  );
}
