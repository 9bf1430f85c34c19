import { describe, expect, it } from 'vitest';
import {
  type AnswerSendOutcome,
  enqueueAnswer,
  flushAnswerQueue,
  type QueuedAnswer,
  readAnswerQueue,
} from './answer-queue.ts';

const answer = (questionIndex: number, optionIndex: number, clientId: string): QueuedAnswer => ({
  questionIndex,
  optionIndex,
  clientId,
  answeredAt: '2026-11-26T12:00:00.000Z',
});

describe('the simulado answer queue', () => {
  it('keeps only the latest unsent choice of each question, per user and simulado', () => {
    enqueueAnswer('u-ana', 's1', answer(0, 1, 'a'));
    enqueueAnswer('u-ana', 's1', answer(1, 2, 'b'));
    enqueueAnswer('u-ana', 's1', answer(0, 3, 'c'));
    enqueueAnswer('u-ana', 's2', answer(0, 0, 'd'));
    expect(readAnswerQueue('u-ana', 's1').map((queued) => queued.clientId)).toEqual(['b', 'c']);
    expect(readAnswerQueue('u-bruno', 's1')).toEqual([]);
  });

  it('sends oldest first and keeps what could not leave the device for the next try', async () => {
    enqueueAnswer('u-ana', 's1', answer(0, 1, 'a'));
    enqueueAnswer('u-ana', 's1', answer(1, 2, 'b'));
    const sent: string[] = [];
    let outcome: AnswerSendOutcome = 'offline';
    const send = async (queued: QueuedAnswer) => {
      sent.push(queued.clientId);
      return queued.clientId === 'a' ? 'sent' : outcome;
    };
    expect(await flushAnswerQueue('u-ana', 's1', send)).toEqual({ sent: 1, ended: false });
    expect(readAnswerQueue('u-ana', 's1').map((queued) => queued.clientId)).toEqual(['b']);
    outcome = 'sent';
    expect(await flushAnswerQueue('u-ana', 's1', send)).toEqual({ sent: 1, ended: false });
    expect(readAnswerQueue('u-ana', 's1')).toEqual([]);
    expect(sent).toEqual(['a', 'b', 'b']);
  });

  it('stops when the server says the time is over', async () => {
    enqueueAnswer('u-ana', 's1', answer(0, 1, 'a'));
    const result = await flushAnswerQueue('u-ana', 's1', async () => 'ended');
    expect(result).toEqual({ sent: 0, ended: true });
  });

  it('survives a reload: the queue is read back from localStorage', () => {
    enqueueAnswer('u-ana', 's1', answer(2, 3, 'z'));
    const stored = Object.keys(localStorage).find((key) => key.includes('simulado-answers'));
    expect(stored).toBe('estudai:simulado-answers:u-ana:s1');
    expect(readAnswerQueue('u-ana', 's1')).toEqual([answer(2, 3, 'z')]);
  });
});
