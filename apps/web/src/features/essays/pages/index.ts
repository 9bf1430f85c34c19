// The redação's screens as one chunk: whoever opens one of them is about to open the others, and one
// chunk keeps the first route's list of chunks (and their preload lists) short.
export { EssayPage } from './essay-page.tsx';
export { EssayReviewPage } from './essay-review-page.tsx';
export { EssayWritePage } from './essay-write-page.tsx';
export { EssaysPage } from './essays-page.tsx';
