// Socket.IO events and their payloads, one typed map for the server and the web app.
import type { ChatJoinAck, ChatMessage, ChatReadReceipt, ChatTyping } from './chat.ts';
import type { Notification, NotificationCounts } from './notifications.ts';

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
}

/** Events a client sends to the server. */
export interface ClientToServerEvents {
  /** Subscribe to a conversation's live events (typing); refused for non-participants. */
  'chat:join': (conversationId: string, ack: (result: ChatJoinAck) => void) => void;
  'chat:leave': (conversationId: string) => void;
  'chat:typing': (payload: { conversationId: string; isTyping: boolean }) => void;
}
