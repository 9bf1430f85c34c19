/**
 * The default 'Palavras ocultas' of every minor (issue 43, docs/decisions/049): offensive and
 * sexual pt-BR terms whose comments, replies and chat messages are folded for anyone under 18, who
 * can add words of their own but not turn these off. Adults may turn the same list on.
 *
 * How the list is kept:
 * - Matching is by whole word or phrase, without accents or case ('Porra!' matches 'porra'), so one
 *   spelling per word is enough; common abbreviations are listed as written ('fdp', 'vsf').
 * - Words with an ordinary meaning in a study network are left out, on purpose: 'sexo' (biology),
 *   'pau' and 'pica' (pau-brasil, pica-pau), 'rola' (rolar), 'piranha' and 'macaco' (animals),
 *   'gostoso' (food), 'pelada' (football), 'gozar' (de férias), 'novinha', 'se mata' (de estudar). A user who wants them hidden adds them.
 * - Moderate length: insults, slurs and sexual terms that are never innocent. Keep it under ~80.
 */
export const DEFAULT_HIDDEN_WORDS: readonly string[] = [
  // Insults and swearing
  'arrombado',
  'arrombada',
  'babaca',
  'bosta',
  'caralho',
  'krl',
  'cuzão',
  'desgraçado',
  'desgraçada',
  'escroto',
  'escrota',
  'fdp',
  'filho da puta',
  'filha da puta',
  'foda se',
  'merda',
  'otário',
  'otária',
  'porra',
  'pqp',
  'puta que pariu',
  'vai se foder',
  'vsf',
  'vai tomar no cu',
  'vtnc',
  'cu',
  'lixo humano',
  'vai se matar',
  // Slurs
  'retardado',
  'retardada',
  'mongoloide',
  'viado',
  'bicha',
  'sapatão',
  'traveco',
  'crioulo',
  // Sexual terms
  'puta',
  'putaria',
  'vagabunda',
  'vadia',
  'safada',
  'safado',
  'foder',
  'transar',
  'tesão',
  'tesuda',
  'buceta',
  'boceta',
  'xoxota',
  'xereca',
  'piroca',
  'pinto duro',
  'punheta',
  'punheteiro',
  'siririca',
  'boquete',
  'pornô',
  'porno',
  'pornografia',
  'nudes',
  'nude',
  'manda nude',
  'sem roupa',
  'peladinha',
  'corno',
];
