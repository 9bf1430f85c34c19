import { USER_TYPE_LABELS, type UserType } from '@estudai/contract/constants';
import { BadgeCheck } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

// Spec §6: professor purple, mentor green, tutor orange, admin red, student blue; a guardian
// (issue 36) slate.
const TYPE_COLORS: Record<UserType, string> = {
  aluno: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  professor: 'bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-200',
  mentor: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  tutor: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200',
  admin: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  responsavel: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

const BADGE_SIZES = { md: 'px-2.5 py-0.5 text-xs', sm: 'px-2 text-[11px]' } as const;

/** The user-type label in its colour (aluno reads 'Estudante'); `size="sm"` in dense lists. */
export function UserTypeBadge({
  userType,
  size = 'md',
  className,
}: {
  userType: UserType;
  size?: keyof typeof BADGE_SIZES;
  className?: string;
}) {
  return (
    <span
      data-user-type={userType}
      className={cn('rounded-full font-medium', BADGE_SIZES[size], TYPE_COLORS[userType], className)}
    >
      {USER_TYPE_LABELS[userType]}
    </span>
  );
}

/** The blue check of a verified account: 20 px, or 16 px with `size="sm"`. */
export function VerifiedBadge({ size = 'md' }: { size?: 'md' | 'sm' }) {
  return (
    <BadgeCheck
      role="img"
      aria-label="Verificado"
      className={cn('shrink-0 text-sky-500', size === 'sm' ? 'size-4' : 'size-5')}
    />
  );
}
