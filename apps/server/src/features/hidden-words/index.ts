// 'Palavras ocultas' (issue 43): a user's settings. Which items they fold is a policy, in access/.

export { hiddenWordsRoutes } from './hidden-words.routes.ts';
