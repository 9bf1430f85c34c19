// The decks feature's public face (issue 42): Anki decks imported as flashcards, shared with a
// group and edited by suggestion; the caderno exported to Anki and CSV; the flashcards' side of
// the review queue, which app.ts hands to study's review routes.

export { decksRoutes } from './decks.routes.ts';
export { flashcardReviews } from './flashcards.service.ts';
