import { BadgeCheck, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { paths } from '../../../lib/paths.ts';
import { useFollowRecommended } from '../api/follow-recommended.ts';
import { useRecommendations } from '../api/get-recommendations.ts';
import { reasonLabel } from './recommendation-list.tsx';

/** How many recommendations the right column shows; the rest are in Notificações › Recomendados. */
const SHOWN = 5;

function Person({ person }: { person: NonNullable<ReturnType<typeof useRecommendations>['data']>[number] }) {
  const follow = useFollowRecommended();
  return (
    <li className="flex items-center gap-3 rounded-xl px-2 py-2">
      <UserAvatar name={person.displayName} src={person.avatar} size={10} />
      <div className="grid min-w-0 flex-1">
        <span className="flex min-w-0 items-center gap-1">
          <Link
            to={paths.user(person.userId)}
            className="truncate text-sm font-semibold hover:underline focus-visible:underline"
          >
            {person.displayName}
          </Link>
          {person.isVerified && (
            <BadgeCheck role="img" aria-label="Verificado" className="size-3.5 shrink-0 text-sky-500" />
          )}
        </span>
        <span className="truncate text-xs text-slate-500 dark:text-slate-400">
          {reasonLabel(person.recommendationReason, person.mutualFollowersCount)}
        </span>
      </div>
      <Button
        size="sm"
        variant="outline"
        className="shrink-0"
        disabled={follow.isPending}
        aria-busy={follow.isPending}
        aria-label={`Seguir ${person.displayName}`}
        onClick={() => follow.mutate(person.userId)}
      >
        <UserPlus className="size-4" aria-hidden />
        Seguir
      </Button>
    </li>
  );
}

/** The right column's 'Quem seguir': the first recommendations, with 'Seguir' and a way to the rest. */
export function WhoToFollow() {
  const query = useRecommendations();
  return (
    <section aria-labelledby="who-to-follow" className="grid gap-2">
      <h2 id="who-to-follow" className="px-1 font-semibold">
        Quem seguir
      </h2>
      {query.isPending ? (
        <div role="status" aria-label="Carregando sugestões" className="grid gap-3 px-1">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : query.isError ? (
        <p className="px-1 text-sm text-slate-500 dark:text-slate-400">
          Não foi possível carregar as sugestões.
        </p>
      ) : query.data.length === 0 ? (
        <p className="px-1 text-sm text-slate-500 dark:text-slate-400">
          Nenhuma sugestão no momento. Siga pessoas e participe de grupos para receber sugestões.
        </p>
      ) : (
        <>
          <ul aria-label="Pessoas para seguir" className="grid">
            {query.data.slice(0, SHOWN).map((person) => (
              <Person key={person.userId} person={person} />
            ))}
          </ul>
          <Link
            to={paths.recommendations()}
            className="px-1 text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          >
            Ver mais sugestões
          </Link>
        </>
      )}
    </section>
  );
}
