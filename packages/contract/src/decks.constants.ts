// Flashcards ('Cartões', issue 42): Anki decks imported as cards reviewed with FSRS beside the
// caderno, decks a teacher shares with a group, members' suggested edits; and the caderno exported
// to Anki and CSV. Limits and texts without zod (the schemas are in decks.ts).

/** An .apkg bigger than this is refused (413) before it is opened. */
export const DECK_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** A deck with more cards than this is refused whole: nothing is imported. */
export const DECK_CARDS_MAX = 5_000;
export const DECK_NAME_MAX = 120;
/**
 * Issue 42: the images a deck's cards show (`<img src>` of the package's media): JPG, PNG, WebP or
 * GIF, at most this many a deck and each at most the photos' 10 MB; others are left out and counted.
 */
export const DECK_IMAGES_MAX = 200;
/** Images a card side shows at most (the first ones its field names). */
export const CARD_SIDE_IMAGES_MAX = 4;
/** A card's front or back, as plain text. */
export const CARD_SIDE_MAX = 5_000;
export const NOTEBOOK_EXPORT_FORMATS = ['apkg', 'csv'] as const;
export type NotebookExportFormat = (typeof NOTEBOOK_EXPORT_FORMATS)[number];
export const SUGGESTION_STATUSES = ['pending', 'accepted', 'rejected'] as const;

export const DECK_ERROR_CODES = {
  invalidDeck: 'INVALID_DECK',
  tooManyCards: 'TOO_MANY_CARDS',
} as const;

export const DECK_MESSAGES = {
  // Errors, word for word as the server answers them
  fileRequired: 'Envie o arquivo .apkg do baralho (campo file).',
  notAZip: 'Este arquivo não é um baralho do Anki (.apkg): não é um arquivo compactado.',
  noCollection: 'Este arquivo .apkg não tem coleção do Anki (collection.anki2).',
  unreadableCollection: 'Não foi possível ler a coleção do Anki deste arquivo.',
  emptyDeck: 'Este baralho não tem cartões com texto para importar.',
  tooLarge: 'O arquivo deve ter no máximo 10 MB.',
  tooManyCards: (max: number) => `O baralho deve ter no máximo ${max.toLocaleString('pt-BR')} cartões.`,
  deckNotFound: 'Baralho não encontrado.',
  cardNotFound: 'Cartão não encontrado.',
  suggestionNotFound: 'Sugestão não encontrada.',
  suggestionDecided: 'Esta sugestão já foi respondida.',
  shareForbidden: 'Só professores deste grupo podem compartilhar baralhos com ele.',
  shareOwnerOnly: 'Só quem importou o baralho pode compartilhá-lo.',
  sideRequired: 'Preencha a frente e o verso do cartão.',
  sideTooLong: 'A frente e o verso devem ter no máximo 5.000 caracteres cada.',
  formatInvalid: 'Formato inválido: use apkg ou csv.',
  // Screens
  cardsTitle: 'Cartões',
  importDeck: 'Importar baralho do Anki',
  importing: 'Importando baralho...',
  imported: (cards: number) => `Baralho importado: ${cards} ${cards === 1 ? 'cartão' : 'cartões'}.`,
  mediaSkipped: (n: number) =>
    `${n} ${n === 1 ? 'arquivo de mídia não foi importado' : 'arquivos de mídia não foram importados'} (só imagens JPG, PNG, WebP ou GIF de até 10 MB, no máximo ${DECK_IMAGES_MAX} por baralho).`,
  decksEmpty: 'Você ainda não tem baralhos. Importe um baralho do Anki (.apkg) para revisar aqui.',
  decksLoading: 'Carregando baralhos...',
  sharedBy: (name: string) => `Compartilhado por ${name}`,
  sharedWith: (group: string) => `Compartilhado com ${group}`,
  share: 'Compartilhar com um grupo',
  shared: 'Baralho compartilhado com o grupo.',
  suggest: 'Sugerir edição',
  suggestionSent: 'Sugestão enviada ao professor.',
  suggestionsTitle: 'Sugestões de edição',
  accept: 'Aceitar',
  reject: 'Recusar',
  exportAnki: 'Exportar para Anki',
  exportCsv: 'Exportar CSV',
  cardKind: 'Cartão',
  showBack: 'Mostrar verso',
  cardsCount: (n: number) => `${n} ${n === 1 ? 'cartão' : 'cartões'}`,
  // The exported files
  exportDeckName: 'Estudaí — Caderno de erros',
  exportKey: 'Gabarito',
  exportExplanation: 'Explicação',
  exportWhyWrong: 'Por que errei?',
} as const;
