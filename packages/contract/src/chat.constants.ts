// The limits, texts and labels of chat, without zod (the schemas are in chat.ts), so the
// screens can import them through `@estudai/contract/constants` without loading zod.

export const MESSAGE_MAX = 4_000;
/** Messages one user may send in CHAT_RATE_WINDOW_SECONDS. */
export const CHAT_RATE_LIMIT = 20;
export const CHAT_RATE_WINDOW_SECONDS = 10;
export const NEW_MESSAGE_PREVIEW_LENGTH = 50;

/** Texts of spec §2 '/chat', §5 Chat message and §8. */
export const CHAT_MESSAGES = {
  title: 'Mensagens',
  noConversations: 'Nenhuma conversa',
  noMessages: 'Nenhuma mensagem ainda. Seja o primeiro a enviar!',
  noSelection: 'Selecione uma conversa para começar',
  mutualOnly: 'Você só pode conversar com usuários que seguem você de volta.',
  started: 'Conversa iniciada',
  startFailed: 'Erro ao iniciar conversa',
  sendFailed: 'Erro ao enviar mensagem',
  fallback: 'Tente novamente',
  newMessage: 'Nova mensagem',
  newMessageFrom: (name: string) => `Nova mensagem de ${name}`,
  typing: 'digitando…',
  notFound: 'Conversa não encontrada.',
  changedWhileSending: 'A conversa mudou enquanto a mensagem era enviada. Tente de novo.',
  messageRequired: 'Digite uma mensagem.',
  messageTooLong: `A mensagem deve ter no máximo ${MESSAGE_MAX} caracteres.`,
  tooFast: 'Você está enviando mensagens rápido demais. Aguarde um instante.',
  userNotFound: 'Usuário não encontrado.',
  selfChat: 'Você não pode iniciar uma conversa com você mesmo.',
} as const;
