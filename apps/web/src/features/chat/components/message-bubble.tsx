import { SAFETY_TEXTS } from '@estudai/contract/constants';
import { AlertCircle, Check, CheckCheck, Clock, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { FoldedContent } from '../../../components/folded-content.tsx';
import { ReportContentButton } from '../../../components/report-content-button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { ThreadMessage } from '../api/get-messages.ts';
import { SafetyCard } from './safety-card.tsx';

const timeFormat = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });
const dayTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** Today's messages show the time; older ones the day as well. */
function formatMessageTime(createdAt: string, now = new Date()) {
  const date = new Date(createdAt);
  return date.toDateString() === now.toDateString() ? timeFormat.format(date) : dayTimeFormat.format(date);
}

function DeliveryStatus({ message }: { message: ThreadMessage }) {
  const icon = 'size-3.5';
  if (message.status === 'sending') return <Clock className={icon} aria-label="Enviando" role="img" />;
  if (message.status === 'failed')
    return <AlertCircle className={icon} aria-label="Não enviada" role="img" />;
  if (message.isRead) return <CheckCheck className={icon} aria-label="Lida" role="img" />;
  return <Check className={icon} aria-label="Enviada" role="img" />;
}

/** A held message (issue 43): its text only after 'Ver mensagem'. */
function HeldText({ content }: { content: string }) {
  const [shown, setShown] = useState(false);
  if (shown) return <p className="whitespace-pre-wrap break-words">{content}</p>;
  return (
    <div className="grid gap-1.5">
      <p className="flex items-center gap-1.5 text-sm italic text-slate-600 dark:text-slate-300">
        <ShieldAlert className="size-4 shrink-0" aria-hidden />
        {SAFETY_TEXTS.heldPreview}
      </p>
      <button
        type="button"
        onClick={() => setShown(true)}
        className="justify-self-start rounded-md text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
      >
        {SAFETY_TEXTS.showHeld}
      </button>
    </div>
  );
}

/**
 * One message: the user's own on the right with its delivery state, the other's on the left. The
 * other's may open with the safety card (first contact, held) and be held or folded (issue 43).
 */
export function MessageBubble({
  message,
  isMine,
  onRetry,
}: {
  message: ThreadMessage;
  isMine: boolean;
  onRetry: (message: ThreadMessage) => void;
}) {
  const failed = message.status === 'failed';
  const held = !isMine && message.held;
  return (
    <li className={cn('flex flex-col gap-1', isMine ? 'items-end' : 'items-start')}>
      {!isMine && (message.firstContact || held) && (
        <SafetyCard messageId={message.id} senderId={message.senderId} held={held} />
      )}
      <div className={cn('flex max-w-full items-center gap-1', isMine && 'flex-row-reverse')}>
        <div
          className={cn(
            'max-w-[80%] min-w-0 rounded-2xl px-3 py-2 shadow-sm',
            isMine
              ? 'rounded-br-md bg-indigo-600 text-white'
              : 'rounded-bl-md bg-white text-slate-900 dark:bg-slate-800 dark:text-slate-100',
            failed && 'bg-red-600',
            message.status === 'sending' && 'opacity-70',
          )}
        >
          {held ? (
            <HeldText content={message.original ?? message.content} />
          ) : (
            <FoldedContent folded={!isMine && message.hiddenByWords} label={SAFETY_TEXTS.foldedMessage}>
              <p className="whitespace-pre-wrap break-words">{message.original ?? message.content}</p>
            </FoldedContent>
          )}
          <span
            className={cn(
              'mt-0.5 flex items-center justify-end gap-1 text-[11px]',
              isMine ? 'text-indigo-100' : 'text-slate-500 dark:text-slate-400',
            )}
          >
            <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
              {formatMessageTime(message.createdAt)}
            </time>
            {isMine && <DeliveryStatus message={message} />}
          </span>
        </div>
        {!isMine && !message.status && (
          <ReportContentButton kind="message" id={message.id} className="shrink-0" />
        )}
      </div>
      {failed && (
        <button
          type="button"
          onClick={() => onRetry(message)}
          className="rounded-md px-1 text-xs font-medium text-red-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-red-400"
        >
          Não enviada. Tentar novamente
        </button>
      )}
    </li>
  );
}
