// The decks feature's public face (issue 42): Anki decks imported as flashcards, shared with a
// group and edited by suggestion; the flashcards' side of the review queue, which app.ts hands to
// study's review routes. (The caderno's export to Anki and CSV is study's: notebook-export.service.ts.)

export { decksRoutes } from './decks.routes.ts';
export { flashcardReviews } from './flashcards.service.ts';
