import { GROUP_CATEGORY_LABELS, GROUP_MESSAGES, type GroupCategory } from '@estudai/contract/constants';
import { BadgeCheck, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { type RelevanceTone, relevanceTone } from '../relevance-tone.ts';

const TONES = {
  slate: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  indigo: 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200',
  violet: 'bg-violet-50 text-violet-700 dark:bg-violet-950 dark:text-violet-200',
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  yellow: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  red: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({
  tone = 'slate',
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

export const CategoryBadge = ({ category }: { category: GroupCategory }) => (
  <Badge tone="indigo">{GROUP_CATEGORY_LABELS[category]}</Badge>
);

const RELEVANCE_CLASSES: Record<RelevanceTone, string> = {
  green: TONES.green,
  yellow: TONES.yellow,
  grey: TONES.slate,
};

/** Spec §9: the relevance score, green from 90, yellow from 70, grey below; its reason beside it. */
export function RelevanceBadge({ score, tag }: { score: number; tag: string | null }) {
  const tone = relevanceTone(score);
  return (
    <span
      data-tone={tone}
      title={`Relevância ${score} de 100`}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        RELEVANCE_CLASSES[tone],
      )}
    >
      <Sparkles className="size-3.5" aria-hidden />
      <span className="sr-only">Relevância </span>
      {score}%{tag && <span className="font-medium">· {tag}</span>}
    </span>
  );
}

/** The blue check of a verified person, named for screen readers. */
export function VerifiedMark({ className }: { className?: string }) {
  return (
    <BadgeCheck
      role="img"
      aria-label={GROUP_MESSAGES.verified}
      className={cn('size-4 shrink-0 text-sky-500', className)}
    />
  );
}
