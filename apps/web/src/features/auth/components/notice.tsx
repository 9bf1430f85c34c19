import { CircleAlert, CircleCheck } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

export interface NoticeValue {
  kind: 'success' | 'error';
  text: string;
}

/** An inline message: announced politely when good news, at once when something failed. */
export function Notice({ notice }: { notice: NoticeValue }) {
  const success = notice.kind === 'success';
  const Icon = success ? CircleCheck : CircleAlert;
  return (
    <p
      role={success ? 'status' : 'alert'}
      className={cn(
        'flex items-start gap-2 rounded-xl p-3 text-sm',
        success
          ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200'
          : 'bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-200',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{notice.text}</span>
    </p>
  );
}
