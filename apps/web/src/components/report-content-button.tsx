import type { ReportContentKind, ReportInput } from '@estudai/contract/constants';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { api } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { ReportForm } from './report-form.tsx';
import { Dialog, DialogContent } from './ui/dialog.tsx';

type ContentKind = Exclude<ReportContentKind, 'user'>;

const CONTENT = {
  post: { path: 'posts', noun: 'publicação', article: 'esta' },
  comment: { path: 'comments', noun: 'comentário', article: 'este' },
  message: { path: 'chat/messages', noun: 'mensagem', article: 'esta' },
} as const satisfies Record<ContentKind, { path: string; noun: string; article: string }>;

export const reportContent = (kind: ContentKind, id: string, input: ReportInput) =>
  api.post<{ message: string }>(`/${CONTENT[kind].path}/${encodeURIComponent(id)}/report`, input);

/** 'Denunciar' on another person's post, comment or chat message (issue 25). */
export function ReportContentButton({
  kind,
  id,
  className,
}: {
  kind: ContentKind;
  id: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const { noun, article } = CONTENT[kind];
  return (
    <>
      <button
        type="button"
        aria-label={`Denunciar ${noun}`}
        onClick={() => setOpen(true)}
        className={cn(
          'flex size-8 items-center justify-center rounded-full text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800 dark:hover:text-slate-200',
          className,
        )}
      >
        <Flag className="size-4" aria-hidden />
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <DialogContent title={`Denunciar ${noun}`}>
            <ReportForm
              question={`Por que você está denunciando ${article} ${noun}?`}
              submit={(input) => reportContent(kind, id, input)}
              onDone={() => setOpen(false)}
            />
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
