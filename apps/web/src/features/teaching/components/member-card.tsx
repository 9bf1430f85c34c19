import type { GroupMember } from '@estudai/contract/constants';
import { UserMinus } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDate, formatRelativeAgo } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One member as a manager sees them: since when, until when (paid), last activity and how much they study. */
export function MemberCard({ member, onRemove }: { member: GroupMember; onRemove?: () => void }) {
  return (
    <li className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start gap-3">
        <UserAvatar name={member.displayName} src={member.avatar} size={11} />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <Link
            to={paths.user(member.userId)}
            className="truncate font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            {member.displayName}
          </Link>
          <span className="truncate text-sm text-slate-500 dark:text-slate-400">@{member.username}</span>
        </div>
        {member.isPaying && <Badge tone="indigo">Pagante</Badge>}
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <Line label="Entrou em" value={formatDate(member.joinedAt)} />
        {member.isPaying && (
          <Line
            label="Acesso até"
            value={member.accessEndsAt ? formatDate(member.accessEndsAt) : 'Acesso vitalício'}
          />
        )}
        <Line
          label="Última atividade"
          value={member.lastActiveAt ? formatRelativeAgo(member.lastActiveAt) : 'Nenhuma ainda'}
        />
        <Line
          label="Atividade"
          value={`${plural(member.answersCount, 'resposta', 'respostas')} · ${plural(member.simuladosCount, 'simulado', 'simulados')}`}
        />
      </dl>
      {onRemove && (
        <div className="flex justify-end">
          <Button variant="outline" size="sm" onClick={onRemove} aria-label={`Remover ${member.displayName}`}>
            <UserMinus className="size-4" aria-hidden />
            Remover
          </Button>
        </div>
      )}
    </li>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap gap-x-1.5">
      <dt className="text-slate-500 dark:text-slate-400">{label}:</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
