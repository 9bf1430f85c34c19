import type { ReportContentKind, ReportInput } from '@estudai/contract/constants';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { api } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { lazyPart } from '../lib/lazy-part.tsx';
import { Dialog, DialogContent } from './ui/dialog.tsx';

// The form, and zod with the contract's schema it validates with, loads when a report dialog opens:
// not with the feed, whose every card has 'Denunciar' in its menu.
const ReportForm = lazyPart(() => import('./report-form.tsx'), 'ReportForm');

type ContentKind = Exclude<ReportContentKind, 'user'>;

const CONTENT = {
  post: { path: 'posts', noun: 'publicação', article: 'esta' },
  comment: { path: 'comments', noun: 'comentário', article: 'este' },
  message: { path: 'chat/messages', noun: 'mensagem', article: 'esta' },
} as const satisfies Record<ContentKind, { path: string; noun: string; article: string }>;

const reportContent = (kind: ContentKind, id: string, input: ReportInput) =>
  api.post<{ message: string }>(`/${CONTENT[kind].path}/${encodeURIComponent(id)}/report`, input);

/**
 * The one report dialog of content (issue 21, issue 25): the reasons of a user report, the urgent
 * one included, sent to the content's own address. Opened from a card's '…' menu or the flag.
 */
export function ReportContentDialog({
  kind,
  id,
  open,
  onOpenChange,
}: {
  kind: ContentKind;
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { noun, article } = CONTENT[kind];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent title={`Denunciar ${noun}`}>
          <ReportForm
            question={`Por que você está denunciando ${article} ${noun}?`}
            submit={(input) => reportContent(kind, id, input)}
            onDone={() => onOpenChange(false)}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

/** 'Denunciar' as a flag, where there is no '…' menu (a chat message). */
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
  return (
    <>
      <button
        type="button"
        aria-label={`Denunciar ${CONTENT[kind].noun}`}
        onClick={() => setOpen(true)}
        className={cn(
          'flex size-8 items-center justify-center rounded-full text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800 dark:hover:text-slate-200',
          className,
        )}
      >
        <Flag className="size-4" aria-hidden />
      </button>
      <ReportContentDialog kind={kind} id={id} open={open} onOpenChange={setOpen} />
    </>
  );
}
