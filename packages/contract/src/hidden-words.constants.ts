// 'Palavras ocultas', first contact and held messages (issue 43): limits and every pt-BR text.
// Without zod (the schemas are in hidden-words.ts), for `@estudai/contract/constants`.

/** A hidden word or phrase is at most this many characters. */
export const HIDDEN_WORD_MAX = 100;
/** A user's own list holds at most this many words (the default list of minors not counted). */
export const HIDDEN_WORDS_MAX = 200;

export const HIDDEN_WORDS_MESSAGES = {
  wordRequired: 'Escreva a palavra ou frase que você quer ocultar.',
  wordTooLong: `Cada palavra ou frase pode ter no máximo ${HIDDEN_WORD_MAX} caracteres.`,
  tooMany: `Sua lista pode ter no máximo ${HIDDEN_WORDS_MAX} palavras ou frases.`,
  wordsRequired: 'Envie a lista de palavras (words), mesmo que vazia.',
  defaultsLocked: 'A lista padrão protege menores de 18 anos e não pode ser desativada.',
  saved: 'Palavras ocultas salvas.',
} as const;

export const HIDDEN_WORDS_ERROR_CODES = {
  defaultsLocked: 'HIDDEN_WORDS_DEFAULTS_LOCKED',
} as const;

/** What a folded item and a held message say (web and the chat list's preview). */
export const SAFETY_TEXTS = {
  foldedComment: 'Comentário oculto — ver mesmo assim',
  foldedMessage: 'Mensagem oculta — ver mesmo assim',
  foldedPreview: 'Mensagem oculta',
  heldPreview: 'Mensagem retida para sua segurança',
  heldNotice: 'Retivemos esta mensagem porque ela pede contato fora do Estudaí.',
  showHeld: 'Ver mensagem',
  firstContact: 'Você conhece essa pessoa? Nunca compartilhe fotos, endereço ou senhas.',
  block: 'Bloquear',
  report: 'Denunciar',
} as const;
