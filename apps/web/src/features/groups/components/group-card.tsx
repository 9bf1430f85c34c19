import { GROUP_CARD_TAGS, type StudyGroup } from '@estudai/contract/constants';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { CategoryBadge, RelevanceBadge, VerifiedMark } from './group-badges.tsx';
import { GroupCover } from './group-cover.tsx';

const cardClasses =
  'relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-700/60 dark:bg-slate-900';

/** Spec §9: up to three tags on a card, then '+N'. */
function CardTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, GROUP_CARD_TAGS);
  const hidden = tags.length - shown.length;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {shown.map((tag) => (
        <li key={tag}>
          <Badge>#{tag}</Badge>
        </li>
      ))}
      {hidden > 0 && (
        <li>
          <Badge>
            +{hidden}
            <span className="sr-only"> tags</span>
          </Badge>
        </li>
      )}
    </ul>
  );
}

/** One group in the /study-groups lists; the whole card opens /study-groups/{id}. */
export function GroupCard({ group }: { group: StudyGroup }) {
  const { advertiser } = group;
  return (
    <article
      className={`${cardClasses} transition-shadow focus-within:ring-2 focus-within:ring-indigo-500 hover:shadow-md`}
    >
      <GroupCover
        src={group.coverSensitivity === 'ok' ? group.coverImage : null}
        category={group.category}
        className="h-28"
      />
      <div className="grid gap-3 p-4">
        <div className="flex items-start gap-2">
          <h2 className="flex-1 leading-snug font-semibold">
            <Link
              to={paths.studyGroup(group.id)}
              className="outline-none after:absolute after:inset-0 after:content-['']"
            >
              {group.name}
            </Link>
          </h2>
          {group.relevanceScore !== null && (
            <RelevanceBadge score={group.relevanceScore} tag={group.relevanceTag} />
          )}
        </div>
        <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-300">
          {group.summary || group.description}
        </p>
        <div className="flex items-center gap-2 text-sm">
          <UserAvatar name={advertiser.displayName} src={advertiser.avatar} size={7} />
          <span className="truncate font-medium">{advertiser.displayName}</span>
          {advertiser.isVerified && <VerifiedMark />}
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone="violet">{group.subject}</Badge>
          <CategoryBadge category={group.category} />
        </div>
        <CardTags tags={group.tags} />
        <div className="flex items-center justify-between border-t border-slate-100 pt-3 text-sm dark:border-slate-800">
          <span className="inline-flex items-center gap-1.5 text-slate-600 dark:text-slate-300">
            <Users className="size-4" aria-hidden />
            {group.currentMembers}/{group.maxMembers}
            <span className="sr-only">membros</span>
          </span>
          <span className="font-semibold text-indigo-700 dark:text-indigo-300">
            {group.isPaid ? formatPrice(group.price) : 'Gratuito'}
          </span>
        </div>
      </div>
    </article>
  );
}

export function GroupCardSkeleton() {
  return (
    <div className={cardClasses}>
      <Skeleton radius="none" className="h-28" />
      <div className="grid gap-3 p-4">
        <Skeleton className="h-5 w-3/5" />
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-4/5" />
        <div className="flex items-center gap-2">
          <Skeleton radius="full" className="size-7" />
          <Skeleton className="h-3.5 w-28" />
        </div>
        <Skeleton className="h-4 w-2/5" />
      </div>
    </div>
  );
}
