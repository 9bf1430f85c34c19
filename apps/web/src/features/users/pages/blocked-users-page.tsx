import { BLOCK_MESSAGES, type BlockedUser } from '@estudai/contract/constants';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Page } from '../../../components/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { paths } from '../../../lib/paths.ts';
import { useBlocks, useSetBlocked } from '../api/block-user.ts';

function BlockedRow({ person }: { person: BlockedUser }) {
  const setBlocked = useSetBlocked();
  return (
    <li className="flex min-w-0 items-center gap-3 py-3">
      <UserAvatar name={person.displayName} src={person.avatar} />
      <div className="grid min-w-0 flex-1">
        <Link to={paths.user(person.id)} className="truncate font-medium hover:underline">
          {person.displayName}
        </Link>
        <span className="truncate text-sm text-slate-500 dark:text-slate-400">@{person.username}</span>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`${BLOCK_MESSAGES.unblock} ${person.displayName}`}
        disabled={setBlocked.isPending}
        onClick={() => setBlocked.mutate({ userId: person.id, block: false })}
      >
        {BLOCK_MESSAGES.unblock}
      </Button>
    </li>
  );
}

/** Settings › 'Usuários bloqueados' (issue 21): whom one blocked, and 'Desbloquear' beside each. */
export function BlockedUsersPage() {
  const query = useBlocks();
  const people = query.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Page title={BLOCK_MESSAGES.listTitle} back={paths.profile()} backViaHistory>
      <p className="text-sm text-slate-600 dark:text-slate-300">{BLOCK_MESSAGES.listDescription}</p>
      {query.isPending ? (
        <ListSkeleton label="Carregando usuários bloqueados" rows={3} />
      ) : query.isError ? (
        <ErrorState
          title="Não foi possível carregar a lista."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : people.length === 0 ? (
        <EmptyState icon={ShieldCheck} title={BLOCK_MESSAGES.listEmpty} />
      ) : (
        <Card padding="sm">
          <ul
            aria-label={BLOCK_MESSAGES.listTitle}
            className="divide-y divide-slate-200 dark:divide-slate-800"
          >
            {people.map((person) => (
              <BlockedRow key={person.id} person={person} />
            ))}
          </ul>
          <LoadMore query={query} label="Carregando mais..." />
        </Card>
      )}
    </Page>
  );
}
