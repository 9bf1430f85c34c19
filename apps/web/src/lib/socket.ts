import type { ClientToServerEvents, ServerToClientEvents } from '@estudai/contract/constants';
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { useAuth } from './auth.tsx';
import { whenIdle } from './idle.ts';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

// One connection per tab, shared by every component that needs live events.
let socket: RealtimeSocket | null = null;
let socketUserId: string | null = null;
let holders = 0;

type Connect = typeof import('socket.io-client').io;

function openSocket(io: Connect, userId: string): RealtimeSocket {
  if (socket && socketUserId !== userId) closeSocket();
  if (!socket) {
    // Same origin, so the session cookie goes along with the handshake. After a drop Socket.IO
    // retries by itself with exponential back-off: 1 s, 2 s, 4 s… up to 30 s, each ±50 %.
    // WebSocket first: one connection, no rounds of long-polling requests (each a task on a slow
    // phone's main thread); long-polling only where a WebSocket cannot get through.
    socket = io({
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 30_000,
      randomizationFactor: 0.5,
    });
    socketUserId = userId;
  }
  return socket;
}

function closeSocket() {
  socket?.disconnect();
  socket = null;
  socketUserId = null;
}

function release() {
  holders = Math.max(0, holders - 1);
  // Moving between pages unmounts one shell and mounts the next in the same commit: the
  // connection survives that; it closes once nobody holds it (signed out).
  queueMicrotask(() => {
    if (holders === 0) closeSocket();
  });
}

/** The tab's live connection while a verified user is signed in; null otherwise. */
export function useRealtimeSocket(): RealtimeSocket | null {
  const { user } = useAuth();
  const userId = user?.emailVerified ? user.id : null;
  const [current, setCurrent] = useState<RealtimeSocket | null>(null);
  useEffect(() => {
    if (!userId) return;
    holders += 1;
    let mounted = true;
    // The client library (14 KiB gzipped) and the connection come once the first screen is up, not
    // with it: live events can wait a moment, the feed should not.
    const cancelIdle = whenIdle(() => {
      void import('socket.io-client').then(({ io }) => {
        if (mounted) setCurrent(openSocket(io, userId));
      });
    });
    return () => {
      mounted = false;
      cancelIdle();
      release();
      setCurrent(null);
    };
  }, [userId]);
  return current;
}
