// Socket.IO events and their payloads, one typed map for the server and the web app.
import type {
  ChatJoinAck,
  ChatMessage,
  ChatReadReceipt,
  ChatSendAck,
  ChatSendInput,
  ChatTyping,
} from './chat.ts';
import type { Notification, NotificationCounts } from './notifications.ts';
import type { RoomEnterAck, RoomPresenceEvent, RoomReactionEvent } from './rooms.ts';
import type { SimuladoLiveEvent, SimuladoProgressEvent, SimuladoWatchAck } from './simulados.ts';

/** Events the server sends to a client. Features add theirs here. */
export interface ServerToClientEvents {
  'session:ended': () => void;
  /** A message stored in one of the user's conversations (theirs or the other's). */
  'chat:message': (message: ChatMessage) => void;
  /** The other participant read the conversation up to now. */
  'chat:read': (receipt: ChatReadReceipt) => void;
  'chat:typing': (typing: ChatTyping) => void;
  /** A new notification for the user, with the counts for the tab badges. */
  'notification:new': (notification: Notification, counts: NotificationCounts) => void;
  /** Counts changed without a new notification (read on another tab, a request answered). */
  'notification:counts': (counts: NotificationCounts) => void;
  /** The number of attempts in progress changed ('N pessoas fazendo agora'); to sockets watching it. */
  'simulado:live': (live: SimuladoLiveEvent) => void;
  /** A participant answered, started or finished; to the group owner's (and the creator's) tabs. */
  'simulado:progress': (progress: SimuladoProgressEvent) => void;
  /** Who entered and left a study room, batched (issue 39); to sockets that entered it. */
  'room:presence': (presence: RoomPresenceEvent) => void;
  /** A cheer in a study room; to sockets that entered it. */
  'room:reaction': (reaction: RoomReactionEvent) => void;
}

/** Events a client sends to the server. */
export interface ClientToServerEvents {
  /** Subscribe to a conversation's live events (typing); refused for non-participants. */
  'chat:join': (conversationId: string, ack: (result: ChatJoinAck) => void) => void;
  'chat:leave': (conversationId: string) => void;
  /** Send a message over the open socket (decision 066): answered as `POST …/messages` would be. */
  'chat:send': (payload: ChatSendInput, ack: (result: ChatSendAck) => void) => void;
  'chat:typing': (payload: { conversationId: string; isTyping: boolean }) => void;
  /** Follow a simulado's live count (`simulado:live`); refused for who cannot see it. */
  'simulado:watch': (simuladoId: string, ack: (result: SimuladoWatchAck) => void) => void;
  'simulado:unwatch': (simuladoId: string) => void;
  /** Enter a study room's live presence (`room:presence`, `room:reaction`); refused for who may not see it. */
  'room:enter': (roomId: string, ack: (result: RoomEnterAck) => void) => void;
  /** Leave a study room: the others see it at once (no grace, unlike a lost connection). */
  'room:leave': (roomId: string) => void;
}
