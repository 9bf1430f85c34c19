import { GROUP_MESSAGES, type StudyGroup } from '@estudai/contract/constants';
import { BadgeCheck, CalendarClock, Users } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatAccessDuration } from '../../../lib/format.ts';

/** What is being bought: the group, who runs it, how many study there and for how long. */
export function PaymentGroupCard({ group }: { group: StudyGroup }) {
  const { advertiser } = group;
  const members = group.currentMembers;
  return (
    <Card className="grid gap-4">
      <h2 className="text-xl font-bold leading-tight">{group.name}</h2>
      <div className="flex items-center gap-3">
        <UserAvatar name={advertiser.displayName} src={advertiser.avatar} />
        <div className="grid">
          <span className="flex items-center gap-2 font-medium">
            {advertiser.displayName}
            {advertiser.isVerified && (
              <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-700 dark:bg-sky-950 dark:text-sky-300">
                <BadgeCheck className="size-3.5" aria-hidden />
                {GROUP_MESSAGES.verified}
              </span>
            )}
          </span>
          <span className="text-xs text-slate-500 dark:text-slate-400">@{advertiser.username}</span>
        </div>
      </div>
      <p className="whitespace-pre-line text-sm text-slate-700 dark:text-slate-200">{group.description}</p>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-600 dark:text-slate-300">
        <li className="flex items-center gap-1.5">
          <Users className="size-4" aria-hidden />
          {members} {members === 1 ? 'membro' : 'membros'}
        </li>
        <li className="flex items-center gap-1.5">
          <CalendarClock className="size-4" aria-hidden />
          {formatAccessDuration(group.subscriptionDuration)}
        </li>
      </ul>
    </Card>
  );
}
