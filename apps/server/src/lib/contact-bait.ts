import { normalizeForMatch } from './word-match.ts';

// What makes an adult's message to a minor held (issue 43, docs/decisions/049): a way to reach the
// minor outside Estudaí. Pure and deliberately simple: it errs towards holding (a held message is
// one tap away), and it is never shown to anyone as a verdict.

export type ContactBait = 'phone' | 'address' | 'app' | 'elsewhere';

/** A Brazilian phone: optional +55 and area code, an optional leading 9, then 4+4 digits. */
const PHONE = /(?<!\d)(?:\+?55[\s.-]?)?(?:\(?\d{2}\)?[\s.-]?)?(?:9[\s.-]?)?\d{4}[.-]?\d{4}(?!\d)/;
/** A CEP (00000-000) or a street name followed by a number within a few words. */
const CEP = /(?<!\d)\d{5}-\d{3}(?!\d)/;
const STREET =
  /\b(?:rua|r\.|avenida|av\.?|travessa|alameda|estrada|rodovia|pra[cç]a)\s+\p{L}[^\n]{0,40}?\d{1,5}\b/iu;
/** Links to other messaging apps, as typed (before normalization, dots matter). */
const APP_LINK =
  /\b(?:wa\.me|chat\.whatsapp\.com|t\.me|telegram\.me|discord\.gg|discord\.com|instagram\.com|snapchat\.com|tiktok\.com|kik\.me)\b/i;

/** Other messaging apps and their nicknames, as whole words once normalized. */
const APPS = [
  'whatsapp',
  'whats',
  'wpp',
  'zap',
  'zapzap',
  'telegram',
  'discord',
  'instagram',
  'insta',
  'snapchat',
  'snap',
  'tiktok',
  'kik',
  'signal',
  'skype',
  'messenger',
  'facetime',
];
/** Asking to move elsewhere, to call, or for a number or an address (normalized phrases). */
const ELSEWHERE = [
  'no privado',
  'no pv',
  'chama no',
  'me chama la',
  'me add',
  'me adiciona',
  'seu numero',
  'teu numero',
  'meu numero',
  'seu telefone',
  'seu celular',
  'outro app',
  'outro aplicativo',
  'em outro lugar',
  'me liga',
  'liga pra mim',
  'chamada de video',
  'onde voce mora',
  'seu endereco',
  'meu endereco',
  'manda foto',
  'me manda uma foto',
  'nosso segredo',
  'nao conta pra ninguem',
];

const hasPhrase = (normalized: string, phrases: string[]) =>
  phrases.some((phrase) => normalized.includes(` ${phrase} `));

/** The first kind of contact bait found in `text`, or null. */
export function contactBait(text: string): ContactBait | null {
  if (PHONE.test(text)) return 'phone';
  if (CEP.test(text) || STREET.test(text)) return 'address';
  const normalized = ` ${normalizeForMatch(text)} `;
  if (APP_LINK.test(text) || hasPhrase(normalized, APPS)) return 'app';
  if (hasPhrase(normalized, ELSEWHERE)) return 'elsewhere';
  return null;
}
