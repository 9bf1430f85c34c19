import type { Notification, NotificationCounts, ServerToClientEvents } from '@estudai/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildTestApp, listenOnFreePort, type TestApp } from '../../../test/app.ts';
import { createUser, signedInAs } from '../../../test/factories.ts';
import { deliver, notify } from './notifications.service.ts';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];
beforeEach(async () => {
  t = await buildTestApp();
  base = await listenOnFreePort(t);
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t.app.close();
});

it('reaches every open tab of the recipient at once, with the badge counts', async () => {
  const [ana, bruno] = [await createUser(t.app), await createUser(t.app, { displayName: 'Bruno' })];
  const cookie = await signedInAs(t.app, ana);
  const tabs: Socket<ServerToClientEvents>[] = [];
  for (let i = 0; i < 2; i++) {
    const socket = connect(base, {
      transports: ['websocket'],
      extraHeaders: { cookie, origin: base },
      reconnection: false,
    });
    sockets.push(socket);
    tabs.push(socket);
    await new Promise((resolve) => socket.on('connect', () => resolve(undefined)));
  }
  const arrivals = tabs.map(
    (tab) =>
      new Promise<[Notification, NotificationCounts]>((resolve) =>
        tab.once('notification:new', (notification, counts) => resolve([notification, counts])),
      ),
  );
  const row = await notify(t.app.ctx.database.db, {
    userId: ana.id,
    actorId: bruno.id,
    type: 'follow',
    title: 'Novo seguidor',
    message: 'Bruno começou a seguir você.',
    actionUrl: `/user/${bruno.id}`,
  });
  deliver(t.app.ctx, [row]);
  // Delivery is a durable job (plugins/jobs.ts): the test runs what is queued.
  await t.app.ctx.jobs.drain();
  for (const [notification, counts] of await Promise.all(arrivals)) {
    expect(notification).toMatchObject({ id: row?.id, relatedUserName: 'Bruno', title: 'Novo seguidor' });
    expect(counts).toEqual({ unread: 1, pendingRequests: 0 });
  }
});
