import type { ServerToClientEvents } from '@estudai/contract/constants';
import { act } from '@testing-library/react';

type Handler = (...args: never[]) => void;

/** Stands in for the Socket.IO connection: tests play the server with `receive`, read `sent`. */
class FakeSocket {
  connected = true;
  sent: { event: string; args: unknown[] }[] = [];
  private handlers = new Map<string, Set<Handler>>();
  private answerers = new Map<string, (...args: unknown[]) => unknown>();

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(handler);
    return this;
  }

  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    this.sent.push({ event, args });
    const ack = args.at(-1);
    if (event === 'chat:join' && typeof ack === 'function') ack({ ok: true });
    return this;
  }

  get volatile() {
    return this;
  }

  /**
   * `socket.timeout(ms).emitWithAck(…)`: answered by the test's `answer` for that event; with none,
   * it fails as a send that got no answer in time does (at once, not after `ms`).
   */
  timeout(_ms: number) {
    return {
      emitWithAck: async (event: string, ...args: unknown[]) => {
        this.sent.push({ event, args });
        const answerer = this.answerers.get(event);
        if (!answerer) throw new Error('operation has timed out');
        return answerer(...args);
      },
    };
  }

  /** The server answers `event`'s acknowledgements with `answerer` (until `reset`). */
  answer(event: string, answerer: (...args: unknown[]) => unknown) {
    this.answerers.set(event, answerer);
  }

  /** The server sends `event`. */
  receive<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
    this.fire(event, ...args);
  }

  dropConnection() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }

  reconnect() {
    this.connected = true;
    this.fire('connect');
  }

  sentEvents(event: string) {
    return this.sent.filter((entry) => entry.event === event).map((entry) => entry.args);
  }

  reset() {
    this.connected = true;
    this.sent = [];
    this.handlers.clear();
    this.answerers.clear();
  }

  private fire(event: string, ...args: unknown[]) {
    act(() => {
      for (const handler of [...(this.handlers.get(event) ?? [])])
        (handler as (...a: unknown[]) => void)(...args);
    });
  }
}

export const fakeSocket = new FakeSocket();
