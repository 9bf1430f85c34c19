import type { RecommendationReason, RecommendedUser } from '@estudai/contract/constants';
import { BadgeCheck, Sparkles, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { paths } from '../../../lib/paths.ts';
import { useFollowRecommended } from '../api/follow-recommended.ts';
import { useRecommendations } from '../api/get-recommendations.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Why someone is recommended, in pt-BR. */
export function reasonLabel(reason: RecommendationReason, mutualCount: number): string {
  switch (reason) {
    case 'similar_interests':
      return 'Interesses em comum';
    case 'mutual_connections':
      return plural(mutualCount, 'conexão em comum', 'conexões em comum');
    case 'popular':
      return 'Popular no Estudaí';
    case 'study_groups':
      return 'Dos seus grupos de estudo';
  }
}

function RecommendationCard({ person }: { person: RecommendedUser }) {
  const follow = useFollowRecommended();
  const handleFollow = () => {
    if (!follow.isPending) follow.mutate(person.userId);
  };
  return (
    <li>
      <article className="relative flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 transition-colors hover:bg-slate-50 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-indigo-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800/70">
        <UserAvatar name={person.displayName} src={person.avatar} size={12} />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <div className="flex min-w-0 items-center gap-1">
            <h3 className="truncate font-semibold">
              {/* The whole card leads to the profile; the follow button sits above that. */}
              <Link
                to={paths.user(person.userId)}
                className="outline-none after:absolute after:inset-0 after:rounded-2xl"
              >
                {person.displayName}
              </Link>
            </h3>
            {person.isVerified && (
              <BadgeCheck role="img" aria-label="Verificado" className="size-4 shrink-0 text-sky-500" />
            )}
          </div>
          <p className="truncate text-sm text-slate-500 dark:text-slate-400">@{person.userName}</p>
          {person.bio && (
            <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-300">{person.bio}</p>
          )}
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {plural(person.followersCount, 'seguidor', 'seguidores')}
            {person.mutualFollowersCount > 0 &&
              ` · ${plural(person.mutualFollowersCount, 'seguidor em comum', 'seguidores em comum')}`}
          </p>
          <p className="mt-1 flex items-center gap-1 text-xs font-medium text-indigo-700 dark:text-indigo-300">
            <Sparkles className="size-3.5" aria-hidden />
            {reasonLabel(person.recommendationReason, person.mutualFollowersCount)}
          </p>
        </div>
        <Button
          size="sm"
          className="relative z-10 shrink-0"
          disabled={follow.isPending}
          aria-busy={follow.isPending}
          aria-label={`Seguir ${person.displayName}`}
          onClick={handleFollow}
        >
          <UserPlus className="size-4" aria-hidden />
          {follow.isPending ? 'Carregando...' : 'Seguir'}
        </Button>
      </article>
    </li>
  );
}

/** The 'Recomendados' tab: people to follow, each with the reason why. */
export function RecommendationList() {
  const query = useRecommendations();
  if (!query.data) {
    if (!query.isError) return <ListSkeleton label="Carregando recomendações" rows={3} />;
    return (
      <ErrorState
        title="Não foi possível carregar as recomendações."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState icon={Sparkles} title="Nenhuma recomendação no momento">
        Siga pessoas e participe de grupos para receber sugestões.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Pessoas recomendadas" className="grid gap-2">
      {query.data.map((person) => (
        <RecommendationCard key={person.userId} person={person} />
      ))}
    </ul>
  );
}
