// A simulado's answers wait here, per user and simulado in localStorage, until the server has them:
// every choice is written here first and sent from here, so a reload, a lost connection or a failing
// server loses nothing (decision 019). Each carries the `clientId` the server applies once and the
// `answeredAt` it orders choices by, so a replay or a late sync never undoes a newer choice.

export interface QueuedAnswer {
  questionIndex: number;
  optionIndex: number;
  clientId: string;
  answeredAt: string;
}

/** How a send ended: `sent` (stored now or before), `ended` (the time is over), `rejected`, `offline`. */
export type AnswerSendOutcome = 'sent' | 'ended' | 'rejected' | 'offline';

const CHANGE_EVENT = 'estudai:simulado-answers';
const PREFIX = 'estudai:simulado-answers:';
const storageKey = (userId: string, simuladoId: string) => `${PREFIX}${userId}:${simuladoId}`;

const isQueuedAnswer = (value: unknown): value is QueuedAnswer => {
  if (typeof value !== 'object' || value === null) return false;
  const { questionIndex, optionIndex, clientId, answeredAt } = value as Record<string, unknown>;
  return (
    Number.isInteger(questionIndex) &&
    Number.isInteger(optionIndex) &&
    typeof clientId === 'string' &&
    typeof answeredAt === 'string'
  );
};

export function readAnswerQueue(userId: string, simuladoId: string): QueuedAnswer[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId, simuladoId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isQueuedAnswer) : [];
  } catch {
    return [];
  }
}

function writeAnswerQueue(userId: string, simuladoId: string, queue: QueuedAnswer[]) {
  try {
    if (queue.length === 0) localStorage.removeItem(storageKey(userId, simuladoId));
    else localStorage.setItem(storageKey(userId, simuladoId), JSON.stringify(queue));
  } catch {
    // Storage refused (private mode, full): the answer is still sent from memory below.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Queues a choice; an unsent earlier choice for the same question is replaced (only the latest counts). */
export function enqueueAnswer(userId: string, simuladoId: string, answer: QueuedAnswer) {
  const rest = readAnswerQueue(userId, simuladoId).filter(
    (queued) => queued.questionIndex !== answer.questionIndex,
  );
  writeAnswerQueue(userId, simuladoId, [...rest, answer]);
}

export function clearAnswerQueue(userId: string, simuladoId: string) {
  writeAnswerQueue(userId, simuladoId, []);
}

const running = new Map<string, Promise<{ sent: number; ended: boolean }>>();

/**
 * Sends the queued answers oldest first, removing each the server settled. Stops at the first that
 * cannot reach the server (it stays for the next call) and when the time is over (the rest would be
 * refused too). Overlapping calls wait for the running one, so an answer is never sent twice at once.
 */
export function flushAnswerQueue(
  userId: string,
  simuladoId: string,
  send: (answer: QueuedAnswer) => Promise<AnswerSendOutcome>,
) {
  const key = storageKey(userId, simuladoId);
  const previous = running.get(key) ?? Promise.resolve({ sent: 0, ended: false });
  const next = previous
    .catch(() => ({ sent: 0, ended: false }))
    .then(async () => {
      let sent = 0;
      for (;;) {
        const [first] = readAnswerQueue(userId, simuladoId);
        if (!first) return { sent, ended: false };
        const outcome = await send(first);
        if (outcome === 'offline') return { sent, ended: false };
        if (outcome === 'ended') return { sent, ended: true };
        writeAnswerQueue(
          userId,
          simuladoId,
          readAnswerQueue(userId, simuladoId).filter((queued) => queued.clientId !== first.clientId),
        );
        if (outcome === 'sent') sent += 1;
      }
    });
  running.set(key, next);
  void next.finally(() => {
    if (running.get(key) === next) running.delete(key);
  });
  return next;
}

/** Calls `listener` when the queue changes here or in another tab. */
export function subscribeToAnswerQueue(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
