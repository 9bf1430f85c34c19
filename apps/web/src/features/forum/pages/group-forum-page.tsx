import { GROUP_MESSAGES } from '@estudai/contract/constants';
import { Lock, Plus } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { useGroup } from '../../../lib/queries/group.ts';
import { useGroupPermissions } from '../../../lib/queries/group-permissions.ts';
import { useForumTopics } from '../api/forum-topics.ts';
import { ForumTopicForm } from '../components/forum-topic-form.tsx';
import { ForumTopicList, ForumTopicsSkeleton } from '../components/forum-topic-list.tsx';

/** The server answers 404 to non-members (and for an unknown group): say which, and where to go. */
function ForumLocked({ groupId, message }: { groupId: string; message: string }) {
  const unknownGroup = message === GROUP_MESSAGES.notFound;
  return (
    <Card className="grid justify-items-center gap-3 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <Lock className="size-6" aria-hidden />
      </span>
      <p className="max-w-xs text-sm text-slate-700 dark:text-slate-200">
        {unknownGroup ? GROUP_MESSAGES.notFound : GROUP_MESSAGES.membersOnly}
      </p>
      <Link
        to={unknownGroup ? paths.studyGroups() : paths.studyGroup(groupId)}
        className={buttonClasses({ variant: 'outline', size: 'sm' })}
      >
        {unknownGroup ? GROUP_MESSAGES.paymentBack : 'Ver o grupo'}
      </Link>
    </Card>
  );
}

export function GroupForumPage() {
  const { groupId = '' } = useParams();
  const forum = useForumTopics(groupId);
  const group = useGroup(groupId);
  const permissions = useGroupPermissions(groupId);
  const [showForm, setShowForm] = useState(false);
  const formId = useId();

  const locked = forum.error instanceof ApiError && forum.error.status === 404 && !forum.data;

  let content: ReactNode;
  if (forum.isPending) content = <ForumTopicsSkeleton />;
  else if (locked) content = <ForumLocked groupId={groupId} message={forum.error.message} />;
  else if (forum.isError && !forum.data) {
    content = (
      <Card role="alert" className="grid justify-items-center gap-3 py-8 text-center text-sm">
        <p>Não foi possível carregar o fórum.</p>
        <p className="text-slate-500 dark:text-slate-400">{forum.error.message}</p>
        <Button variant="outline" size="sm" onClick={() => void forum.refetch()}>
          Tentar novamente
        </Button>
      </Card>
    );
  } else {
    // The owner and co-teachers moderate the forum (issue 24).
    const canModerate = Boolean(group.data?.isOwner) || Boolean(permissions.data?.canManage);
    content = <ForumTopicList groupId={groupId} forum={forum} isOwner={canModerate} />;
  }

  return (
    <Page title={GROUP_MESSAGES.forumTitle} back={paths.studyGroup(groupId)}>
      {!locked && (
        <div className="flex items-center gap-3">
          <p className="min-w-0 flex-1 truncate text-sm text-slate-500 dark:text-slate-400">
            {group.data?.name}
          </p>
          <Button
            size="sm"
            aria-expanded={showForm}
            aria-controls={showForm ? formId : undefined}
            onClick={() => setShowForm((shown) => !shown)}
          >
            <Plus className="size-4" aria-hidden />
            {GROUP_MESSAGES.newTopic}
          </Button>
        </div>
      )}
      {showForm && !locked && (
        <ForumTopicForm id={formId} groupId={groupId} onDone={() => setShowForm(false)} />
      )}
      {content}
    </Page>
  );
}
