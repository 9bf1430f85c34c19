import { useEffect } from 'react';

// The conversation whose thread is on screen in this tab: its messages need no 'Nova mensagem'
// toast and count as read at once.
let openConversationId: string | null = null;

export const getOpenConversationId = () => openConversationId;

/** Marks `conversationId` as the open thread while the calling component is mounted. */
export function useOpenThread(conversationId: string) {
  useEffect(() => {
    openConversationId = conversationId;
    return () => {
      if (openConversationId === conversationId) openConversationId = null;
    };
  }, [conversationId]);
}
