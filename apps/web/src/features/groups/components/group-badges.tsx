import { GROUP_CATEGORY_LABELS, GROUP_MESSAGES, type GroupCategory } from '@estudai/contract/constants';
import { BadgeCheck, Sparkles } from 'lucide-react';
import { Badge, badgeTones } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { type RelevanceTone, relevanceTone } from '../relevance-tone.ts';

export const CategoryBadge = ({ category }: { category: GroupCategory }) => (
  <Badge tone="indigo">{GROUP_CATEGORY_LABELS[category]}</Badge>
);

const RELEVANCE_CLASSES: Record<RelevanceTone, string> = {
  green: badgeTones.green,
  yellow: badgeTones.yellow,
  grey: badgeTones.slate,
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
