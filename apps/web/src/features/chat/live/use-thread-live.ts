import type { ChatMessage, ChatTyping } from '@estudai/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RealtimeSocket } from '../../../lib/socket.ts';

/** How long 'digitando…' stays without news from the other side. */
const TYPING_SHOWN_MS = 6_000;
/** Quiet time after which this side says it stopped typing. */
const TYPING_IDLE_MS = 3_000;

/** Joins the conversation's live room while the thread is open, again after every reconnection. */
export function useJoinConversation(socket: RealtimeSocket | null, conversationId: string) {
  useEffect(() => {
    if (!socket) return;
    const join = () => socket.emit('chat:join', conversationId, () => {});
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      if (socket.connected) socket.emit('chat:leave', conversationId);
    };
  }, [socket, conversationId]);
}

/** Whether the other participant is typing in this conversation right now. */
export function useOtherIsTyping(socket: RealtimeSocket | null, conversationId: string, userId: string) {
  const [isTyping, setIsTyping] = useState(false);
  useEffect(() => {
    if (!socket) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      setIsTyping(false);
    };
    const handleTyping = (typing: ChatTyping) => {
      if (typing.conversationId !== conversationId || typing.userId === userId) return;
      clearTimeout(timer);
      setIsTyping(typing.isTyping);
      if (typing.isTyping) timer = setTimeout(stop, TYPING_SHOWN_MS);
    };
    // Their message has arrived: they are done typing it.
    const handleMessage = (message: ChatMessage) => {
      if (message.conversationId === conversationId && message.senderId !== userId) stop();
    };
    socket.on('chat:typing', handleTyping);
    socket.on('chat:message', handleMessage);
    return () => {
      clearTimeout(timer);
      setIsTyping(false);
      socket.off('chat:typing', handleTyping);
      socket.off('chat:message', handleMessage);
    };
  }, [socket, conversationId, userId]);
  return isTyping;
}

/** Tells the other side while this user types: once at the start, once after a pause or a send. */
export function useTypingNotifier(socket: RealtimeSocket | null, conversationId: string) {
  const typing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const stopTyping = useCallback(() => {
    clearTimeout(timer.current);
    if (!typing.current) return;
    typing.current = false;
    // Volatile: while disconnected it is dropped, not replayed late.
    socket?.volatile.emit('chat:typing', { conversationId, isTyping: false });
  }, [socket, conversationId]);

  const notifyTyping = useCallback(() => {
    if (!socket) return;
    if (!typing.current) {
      typing.current = true;
      socket.volatile.emit('chat:typing', { conversationId, isTyping: true });
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  }, [socket, conversationId, stopTyping]);

  useEffect(() => stopTyping, [stopTyping]);
  return { notifyTyping, stopTyping };
}
