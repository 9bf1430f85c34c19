import { VIDEO_CATEGORY_LABELS, VIDEO_MESSAGES, type VideoCategory } from '@estudai/contract/constants';
import { Clock } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { formatVideoDuration } from '../../../lib/format.ts';

const CATEGORY_TONES: Record<VideoCategory, string> = {
  aula: 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200',
  exercicios: 'bg-cyan-50 text-cyan-800 dark:bg-cyan-950 dark:text-cyan-200',
  dicas: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  revisao: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
};

const badge =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap';

export function VideoCategoryBadge({ category, className }: { category: VideoCategory; className?: string }) {
  return (
    <span data-category={category} className={cn(badge, CATEGORY_TONES[category], className)}>
      {VIDEO_CATEGORY_LABELS[category]}
    </span>
  );
}

/** '12:34' over a thumbnail or beside a title; nothing for a video without a known duration. */
export function DurationBadge({ seconds, className }: { seconds: number; className?: string }) {
  if (seconds <= 0) return null;
  const text = formatVideoDuration(seconds);
  return (
    <span
      title={VIDEO_MESSAGES.duration}
      className={cn(badge, 'bg-slate-950/80 font-mono text-white tabular-nums', className)}
    >
      <Clock className="size-3" aria-hidden />
      <span className="sr-only">{VIDEO_MESSAGES.duration}: </span>
      {text}
    </span>
  );
}

export function HiddenBadge() {
  return (
    <span className={cn(badge, 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200')}>
      {VIDEO_MESSAGES.hiddenBadge}
    </span>
  );
}
