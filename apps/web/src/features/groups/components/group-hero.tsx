import { GROUP_MESSAGES, type StudyGroup } from '@estudai/contract/constants';
import { Star, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatAccessDuration, formatPrice, formatRating } from '../../../lib/format.ts';
import { CategoryBadge } from './group-badges.tsx';
import { GroupCover } from './group-cover.tsx';

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="flex items-center gap-1.5 font-semibold">{children}</dd>
    </div>
  );
}

/** The top of /study-groups/{id}: cover, name, badges, description, numbers and tags (spec §2). */
export function GroupHero({ group, children }: { group: StudyGroup; children?: ReactNode }) {
  return (
    <Card padding="none" className="grid gap-4 overflow-hidden">
      <GroupCover
        src={group.coverSensitivity === 'ok' ? group.coverImage : null}
        category={group.category}
        className="h-40 sm:h-52"
      />
      <div className="grid gap-4 px-5 pb-5">
        <div className="flex flex-wrap gap-1.5">
          <CategoryBadge category={group.category} />
          <Badge tone="violet">{group.subject}</Badge>
          <Badge tone={group.isActive ? 'green' : 'red'}>
            {group.isActive ? GROUP_MESSAGES.active : GROUP_MESSAGES.inactive}
          </Badge>
          {group.isMember && !group.isOwner && <Badge tone="indigo">{GROUP_MESSAGES.memberBadge}</Badge>}
          {group.isOwner && <Badge tone="indigo">Você é o dono</Badge>}
          {group.isArchived && <Badge>Arquivado</Badge>}
        </div>
        <div className="grid gap-2">
          <h2 className="text-xl leading-tight font-bold">{group.name}</h2>
          {group.summary && <p className="font-medium text-slate-700 dark:text-slate-200">{group.summary}</p>}
          <p className="text-sm whitespace-pre-line text-slate-600 dark:text-slate-300">
            {group.description}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-3 dark:bg-slate-800/60">
          <Stat label="Membros">
            <Users className="size-4 text-indigo-500" aria-hidden />
            {group.currentMembers}/{group.maxMembers}
          </Stat>
          {group.isPaid && (
            <Stat label="Preço">
              <span>{formatPrice(group.price)}</span>
              <span className="text-xs font-normal text-slate-500 dark:text-slate-400">
                {formatAccessDuration(group.subscriptionDuration)}
              </span>
            </Stat>
          )}
          <Stat label="Avaliação">
            <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
            {group.ratingsCount > 0 ? (
              <>
                {formatRating(group.rating)}
                <span className="text-xs font-normal text-slate-500 dark:text-slate-400">
                  ({group.ratingsCount})
                </span>
              </>
            ) : (
              <span className="text-sm font-normal text-slate-500 dark:text-slate-400">Sem avaliações</span>
            )}
          </Stat>
        </dl>
        {group.tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
            {group.tags.map((tag) => (
              <li key={tag}>
                <Badge>#{tag}</Badge>
              </li>
            ))}
          </ul>
        )}
        {children}
      </div>
    </Card>
  );
}
