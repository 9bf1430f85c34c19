import { CHAT_MESSAGES } from '@estudai/contract/constants';
import { useLayoutEffect, useRef } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDayLabel } from '../../../lib/format.ts';
import type { ThreadMessage } from '../api/get-messages.ts';
import { MessageBubble } from './message-bubble.tsx';

/** Spec §9: more loads 100 px before the end (here the top, where the older messages are). */
const LOAD_OLDER_THRESHOLD_PX = 100;
const NEAR_BOTTOM_PX = 80;

/** The messages by calendar day, in the thread's order, each day with its label. */
function byDay(messages: ThreadMessage[], now: Date) {
  const days: { label: string; messages: ThreadMessage[] }[] = [];
  for (const message of messages) {
    const label = formatDayLabel(message.createdAt, now);
    const current = days.find((day) => day.label === label);
    if (current) current.messages.push(message);
    else days.push({ label, messages: [message] });
  }
  return days;
}

/**
 * The thread's messages, oldest at the top, under a label for each day. It follows new messages
 * while the reader is at the bottom, loads older ones when scrolled to the top and keeps the
 * reader's place as they arrive.
 */
export function MessageLog({
  label,
  messages,
  userId,
  hasOlder,
  isLoadingOlder,
  onLoadOlder,
  onRetry,
}: {
  label: string;
  messages: ThreadMessage[];
  userId: string;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (message: ThreadMessage) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const beforeOlder = useRef<{ height: number; top: number } | null>(null);
  const firstId = messages[0]?.id;
  const last = messages.at(-1);

  const loadOlder = () => {
    const element = scroller.current;
    if (!hasOlder || isLoadingOlder) return;
    if (element) beforeOlder.current = { height: element.scrollHeight, top: element.scrollTop };
    onLoadOlder();
  };

  // Older messages were put on top: keep the ones the reader was looking at in place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the oldest message changes
  useLayoutEffect(() => {
    const element = scroller.current;
    const before = beforeOlder.current;
    if (!element || !before) return;
    beforeOlder.current = null;
    element.scrollTop = element.scrollHeight - before.height + before.top;
  }, [firstId]);

  // A new message at the bottom: follow it if the reader was there or wrote it.
  const lastId = last?.id;
  const lastIsMine = last?.senderId === userId;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !lastId) return;
    if (atBottom.current || lastIsMine) element.scrollTop = element.scrollHeight;
  }, [lastId, lastIsMine]);

  const handleScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < LOAD_OLDER_THRESHOLD_PX) loadOlder();
  };

  return (
    <div
      ref={scroller}
      onScroll={handleScroll}
      role="log"
      aria-live="polite"
      aria-label={label}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4"
    >
      {hasOlder && (
        <div className="mb-3 flex justify-center">
          {isLoadingOlder ? (
            <Spinner size="md" />
          ) : (
            <button
              type="button"
              onClick={loadOlder}
              className="rounded-full px-3 py-1 text-xs font-medium text-indigo-600 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400 dark:hover:bg-slate-800"
            >
              Carregar mensagens anteriores
            </button>
          )}
        </div>
      )}
      {messages.length === 0 ? (
        <p className="flex h-full items-center justify-center px-6 text-center text-sm text-slate-500 dark:text-slate-400">
          {CHAT_MESSAGES.noMessages}
        </p>
      ) : (
        <div className="grid gap-2">
          {byDay(messages, new Date()).map((day) => (
            // Each day under its label ('Hoje', 'Ontem', '24 de novembro'): a heading, so the day can be found.
            <section key={day.label} aria-label={day.label} className="grid gap-2">
              <h3 className="my-1 justify-self-center rounded-full bg-slate-200 px-3 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                {day.label}
              </h3>
              <ol className="grid gap-2">
                {day.messages.map((message) => (
                  <MessageBubble
                    key={message.clientId ? `${message.senderId}:${message.clientId}` : message.id}
                    message={message}
                    isMine={message.senderId === userId}
                    onRetry={onRetry}
                  />
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
