import type { IncomingHttpHeaders } from 'node:http';
import type { ClientToServerEvents, ServerToClientEvents } from '@estudai/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../config.ts';
import { sha256 } from '../lib/tokens.ts';
import { SESSION_COOKIE, type SessionLookup, type SessionUser } from './session.ts';

interface SocketData {
  userId: string;
  /** The stored id of the session it was opened with (the cookie token's hash). */
  sessionId: string;
}
type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Whether a handshake comes from a page of ours. Browsers send Origin on every WebSocket and on
 * cross-origin requests, but not on same-origin polling GETs: those carry no Origin (or
 * Sec-Fetch-Site: same-origin), and a cross-site page can never make one look like that.
 */
function isOwnOrigin(headers: IncomingHttpHeaders, config: Config): boolean {
  const origin = headers.origin;
  if (!origin) return headers['sec-fetch-site'] !== 'cross-site';
  if (origin === config.publicUrl) return true;
  try {
    return new URL(origin).host === headers.host;
  } catch {
    return false;
  }
}

/**
 * Socket.IO on the app's own HTTP server. A socket is accepted only from our Origin and with a live
 * session cookie; it joins its user's room, so `toUser` reaches every open tab of that user. With
 * `REDIS_URL`, the Redis adapter makes several server processes deliver as one.
 */
export async function createRealtime(
  app: FastifyInstance,
  options: { config: Config; sessions: SessionLookup; log: FastifyBaseLogger },
): Promise<Realtime> {
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (request, callback) => {
      callback(null, isOwnOrigin(request.headers, options.config));
    },
  });

  const redisClients: { isReady: boolean; quit(): Promise<unknown>; destroy(): void }[] = [];
  if (options.config.redisUrl) {
    // Loaded only here: without REDIS_URL these modules stay out of memory (docs/performance.md).
    const [{ createClient }, { createAdapter }] = await Promise.all([
      import('redis'),
      import('@socket.io/redis-adapter'),
    ]);
    const pub = createClient({ url: options.config.redisUrl });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      client.on('error', (error) => options.log.warn({ err: error }, 'redis connection problem'));
    }
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redisClients.push(pub, sub);
  }

  io.use(async (socket, next) => {
    try {
      const token = readCookie(socket.request.headers.cookie, SESSION_COOKIE);
      const user = token ? await options.sessions.findUser(token) : undefined;
      if (!token || !user) return next(new Error('unauthorized'));
      socket.data.userId = user.id;
      socket.data.sessionId = sha256(token);
      next();
    } catch (error) {
      options.log.error({ err: error }, 'socket authentication failed');
      next(new Error('unavailable'));
    }
  });

  const connectionHandlers: ((socket: RealtimeSocket) => void)[] = [];
  io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)]);
    for (const handler of connectionHandlers) handler(socket);
  });

  return {
    io,
    toUser(userId, event, ...args) {
      io.to(userRoom(userId)).emit(event, ...args);
    },
    toUserExcept(userId, socketId, event, ...args) {
      // Every socket is in a room of its own id, on whichever process holds it.
      io.to(userRoom(userId))
        .except(socketId)
        .emit(event, ...args);
    },
    toRoom(room, event, ...args) {
      io.to(room).emit(event, ...args);
    },
    onConnection(handler) {
      connectionHandlers.push(handler);
    },
    async userOf(socket) {
      const token = readCookie(socket.request.headers.cookie, SESSION_COOKIE);
      const user = token ? await options.sessions.findUser(token) : undefined;
      return user?.id === socket.data.userId ? user : undefined;
    },
    endConnections(ended) {
      // One room, so the event and the disconnection reach each socket in that order, on any process.
      const room = 'userId' in ended ? userRoom(ended.userId) : sessionRoom(sha256(ended.token));
      io.to(room).emit('session:ended');
      io.in(room).disconnectSockets(true);
    },
    disconnectClients() {
      // Not io.close(): that would also close Fastify's HTTP server, which Fastify closes itself.
      io.local.disconnectSockets(true);
      io.engine.close();
    },
    async close() {
      // Redis away: nothing to say goodbye to, and QUIT would wait for it to come back.
      await Promise.all(
        redisClients.map((client) =>
          client.isReady ? client.quit().catch(() => undefined) : client.destroy(),
        ),
      );
    },
  };
}

export interface Realtime {
  io: RealtimeServer;
  /** Sends an event to every open tab of a user, on whichever process holds the socket. */
  toUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** `toUser`, but not to the socket `socketId` (the tab whose own action it is: it has its answer). */
  toUserExcept<E extends keyof ServerToClientEvents>(
    userId: string,
    socketId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Sends an event to every socket that joined `room` (a feature's own rooms), on every process. */
  toRoom<E extends keyof ServerToClientEvents>(
    room: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Features register their socket events here (chat: join a conversation, typing…). */
  onConnection(handler: (socket: RealtimeSocket) => void): void;
  /**
   * The socket's account as it is now, through its session (the sessions' memory, as an HTTP request
   * reads it): undefined once that session ended. For events that act as the person (chat:send).
   */
  userOf(socket: RealtimeSocket): Promise<SessionUser | undefined>;
  /**
   * A session ended (signed out, a new password, a suspension, a deletion): its sockets, or every
   * socket of the user, hear 'session:ended' and are closed, on every process. A socket is only
   * checked when it opens: without this it would go on receiving the account's events.
   */
  endConnections(ended: { userId: string } | { token: string }): void;
  /** Ends the open connections, so the HTTP server can close. */
  disconnectClients(): void;
  /** Lets go of Redis; events sent afterwards reach nobody. Called once background work is done. */
  close(): Promise<void>;
}
