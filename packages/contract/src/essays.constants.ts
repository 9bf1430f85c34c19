// Redação (issue 38): proposals, essays corrected by competência the way INEP does it, and the
// automatic checks the writer and the graders see. Limits, texts and the plain checks, without zod
// (the schemas are in essays.ts), so the screens can import them through `@estudai/contract/constants`.

export const ESSAY_PROMPT_TITLE_MIN = 10;
export const ESSAY_PROMPT_TITLE_MAX = 200;
export const ESSAY_MOTIVATING_TEXTS_MAX = 4;
export const ESSAY_MOTIVATING_TEXT_MAX = 2_000;
export const ESSAY_INSTRUCTION_MAX = 2_000;
/** What a submitted essay may hold; a draft keeps up to ESSAY_DRAFT_MAX so autosave never loses text. */
export const ESSAY_TEXT_MAX = 4_000;
export const ESSAY_DRAFT_MAX = 8_000;
/** A photo of a handwritten page: at most this many. */
export const ESSAY_PAGES_MAX = 2;
/** The answer sheet: about this many characters a line, this many lines. */
export const ESSAY_LINE_CHARS = 75;
export const ESSAY_SHEET_LINES = 30;
/** 7 lines or fewer is 'texto insuficiente' (a zero at INEP). */
export const ESSAY_LINES_MIN = 8;
/** Word n-grams shared with a motivating text mark a copied passage. */
export const ESSAY_COPY_NGRAM = 8;
export const ESSAY_COMMENT_MAX = 500;
export const ESSAY_COMMENTS_MAX = 50;
export const ESSAY_GENERAL_COMMENT_MAX = 2_000;

/** Each competência is scored 0, 40, 80, 120, 160 or 200. */
export const ESSAY_SCORE_STEPS = [0, 40, 80, 120, 160, 200] as const;
export const ESSAY_COMPETENCIAS = ['c1', 'c2', 'c3', 'c4', 'c5'] as const;
export type Competencia = (typeof ESSAY_COMPETENCIAS)[number];
export type CompetenciaScores = Record<Competencia, number>;
export const COMPETENCIA_LABELS: Record<Competencia, string> = {
  c1: 'C1 — Norma-padrão',
  c2: 'C2 — Tema e tipo textual',
  c3: 'C3 — Argumentação',
  c4: 'C4 — Coesão',
  c5: 'C5 — Proposta de intervenção',
};

/** INEP's protocol: a third correction when the totals differ by more than 100 or a competência by more than 80. */
export const ESSAY_TOTAL_DISCREPANCY = 100;
export const ESSAY_COMPETENCIA_DISCREPANCY = 80;
/** An assignment expires after this long and its essay returns to the pool. */
export const ESSAY_ASSIGNMENT_HOURS = 48;
/** A grader is reminded of an open assignment this many hours before it expires (once). */
export const ESSAY_REMINDER_HOURS = 6;
/** 'Corrija 2, receba 2'. */
export const ESSAY_REVIEWS_PER_SUBMISSION = 2;
/** One assignment in this many is a control essay; a new grader's first ones are all controls. */
export const ESSAY_CONTROL_EVERY = 10;
export const ESSAY_CALIBRATION_CONTROLS = 3;
/** Reliability: the quadratic weighted kappa over the last controls, at least this to get real essays. */
export const ESSAY_RELIABILITY_WINDOW = 20;
export const ESSAY_RELIABILITY_MIN = 0.6;
/** A paid group's monthly quota of corrections per member ('4 correções por mês'): 1 to this. */
export const ESSAY_MONTHLY_QUOTA_MAX = 100;

export const ESSAY_STATUSES = ['draft', 'submitted', 'third_review', 'banca', 'done'] as const;
export type EssayStatus = (typeof ESSAY_STATUSES)[number];
export const ESSAY_STATUS_LABELS: Record<EssayStatus, string> = {
  draft: 'Rascunho',
  submitted: 'Em correção',
  third_review: 'Terceira correção',
  banca: 'Na banca',
  done: 'Corrigida',
};
export const ESSAY_DESTINATIONS = ['group', 'community'] as const;
export type EssayDestination = (typeof ESSAY_DESTINATIONS)[number];

export const ESSAY_ZERO_REASONS = [
  'fuga_ao_tema',
  'tipo_textual',
  'texto_insuficiente',
  'copia_motivadores',
  'improperios',
  'parte_desconectada',
  'em_branco',
] as const;
export type EssayZeroReason = (typeof ESSAY_ZERO_REASONS)[number];
export const ESSAY_ZERO_REASON_LABELS: Record<EssayZeroReason, string> = {
  fuga_ao_tema: 'Fuga total ao tema',
  tipo_textual: 'Não atendimento ao tipo textual',
  texto_insuficiente: 'Texto insuficiente',
  copia_motivadores: 'Cópia dos textos motivadores',
  improperios: 'Impropérios, desenhos ou identificação',
  parte_desconectada: 'Parte desconectada',
  em_branco: 'Em branco',
};

/** The instruction a proposal gets when its author writes none (written for this project). */
export const ESSAY_DEFAULT_INSTRUCTION =
  'A partir da leitura dos textos motivadores e com base nos conhecimentos construídos ao longo de ' +
  'sua formação, redija um texto dissertativo-argumentativo em modalidade escrita formal da língua ' +
  'portuguesa sobre o tema proposto, apresentando proposta de intervenção que respeite os direitos ' +
  'humanos. Selecione, organize e relacione, de forma coerente e coesa, argumentos e fatos para ' +
  'defesa de seu ponto de vista. Escreva entre 8 e 30 linhas.';

export const ESSAY_MESSAGES = {
  promptNotFound: 'Proposta de redação não encontrada.',
  promptForbidden: 'Só professores, mentores, tutores e administradores publicam propostas de redação.',
  promptGroupForbidden: 'Você só publica propostas nos grupos que você ensina.',
  titleLength: `O tema deve ter entre ${ESSAY_PROMPT_TITLE_MIN} e ${ESSAY_PROMPT_TITLE_MAX} caracteres.`,
  motivatingTextsMax: `Uma proposta tem no máximo ${ESSAY_MOTIVATING_TEXTS_MAX} textos motivadores.`,
  motivatingTextLength: `Cada texto motivador tem de 1 a ${ESSAY_MOTIVATING_TEXT_MAX.toLocaleString('pt-BR')} caracteres.`,
  motivatingMedia: 'A imagem de um texto motivador deve ser um endereço enviado pelo upload de mídia.',
  instructionLength: `A instrução tem no máximo ${ESSAY_INSTRUCTION_MAX.toLocaleString('pt-BR')} caracteres.`,
  notFound: 'Redação não encontrada.',
  draftTooLong: `O rascunho tem no máximo ${ESSAY_DRAFT_MAX.toLocaleString('pt-BR')} caracteres.`,
  pagesMax: `Envie no máximo ${ESSAY_PAGES_MAX} fotos de páginas.`,
  /** The pages and motivating images are the author's own uploads for an essay, never outside addresses. */
  imagesNotUploaded:
    'Envie as imagens pelo botão de foto da redação: endereços de outros sites não são aceitos.',
  notDraft: 'Esta redação já foi enviada e não pode mais ser editada.',
  alreadySubmitted: 'Esta redação já foi enviada.',
  empty: 'Escreva a redação (ou envie a foto da folha) antes de enviar.',
  tooLong: `A redação tem no máximo ${ESSAY_TEXT_MAX.toLocaleString('pt-BR')} caracteres.`,
  destination: "Escolha para onde enviar: 'group' (professores do grupo) ou 'community' (comunidade).",
  noGroup: 'Esta proposta não é de um grupo: envie a redação para a comunidade.',
  groupMembersOnly: 'Só membros do grupo enviam redações para os professores dele.',
  reviewsOwed: (owed: number) =>
    `Corrija 2, receba 2: antes de enviar para a comunidade, corrija mais ${owed} ${owed === 1 ? 'redação' : 'redações'}.`,
  reviewNotFound: 'Correção não encontrada.',
  reviewNotAssigned: 'Esta correção não foi atribuída a você.',
  reviewOwnEssay: 'Você não pode corrigir a sua própria redação.',
  reviewExpired: 'O prazo desta correção terminou (48 horas) e a redação voltou para a fila.',
  reviewDone: 'Esta correção já foi enviada.',
  scoreInvalid: 'Cada competência vale 0, 40, 80, 120, 160 ou 200 pontos.',
  zeroWithoutReason: 'Dê as notas das cinco competências ou escolha o motivo da nota zero.',
  zeroWithScores: 'Com um motivo de nota zero, não dê notas às competências.',
  zeroReasonInvalid: 'Motivo de nota zero inválido.',
  commentRange: 'O comentário deve marcar um trecho dentro do texto da redação.',
  commentLength: `Cada comentário tem de 1 a ${ESSAY_COMMENT_MAX} caracteres.`,
  commentsMax: `No máximo ${ESSAY_COMMENTS_MAX} comentários por correção.`,
  commentCompetencia: 'A competência de um comentário vai de 1 a 5.',
  generalCommentLength: `O comentário geral tem no máximo ${ESSAY_GENERAL_COMMENT_MAX.toLocaleString('pt-BR')} caracteres.`,
  groupQueueForbidden: 'Só os professores do grupo corrigem as redações enviadas a ele.',
  cursorInvalid: 'Cursor inválido.',
  controlForbidden: 'Só os professores do grupo marcam uma redação dele como controle.',
  controlNotDone: 'Só uma redação já corrigida pode virar controle.',
  controlAlready: 'Esta redação já é uma redação de controle.',
  controlNoCorrection:
    'Marque como controle uma redação que você corrigiu: a sua correção vira a referência.',
  reminderTitle: 'Sua correção vence em breve',
  reminderMessage: (promptTitle: string, expiresAt: string) =>
    `A correção da redação sobre "${promptTitle}" vence em ${expiresAt} (horário de Brasília); depois disso, ela volta para a fila.`,
  quotaInvalid: `A cota mensal é um número inteiro de 1 a ${ESSAY_MONTHLY_QUOTA_MAX} correções (ou nenhuma cota).`,
  quotaForbidden: 'Só o dono do grupo define a cota mensal de correções.',
  quotaPaidOnly: 'A cota mensal de correções é para grupos pagos.',
  quotaExceeded: (quota: number) =>
    `Você já usou as ${quota} ${quota === 1 ? 'correção' : 'correções'} deste mês neste grupo. A cota renova no dia 1º; até lá, envie para a comunidade.`,
} as const;

/** Machine codes of the essay errors a screen reacts to (the rest use the shared ErrorCode). */
export const EssayErrorCode = {
  /** 409: 'corrija 2, receba 2' — the author owes corrections before a community submission. */
  reviewsOwed: 'ESSAY_REVIEWS_OWED',
  /** 409: the assignment's 48 hours are over. */
  assignmentExpired: 'ESSAY_ASSIGNMENT_EXPIRED',
  /** 409: the essay was already submitted (or the correction already sent). */
  alreadySubmitted: 'ESSAY_ALREADY_SUBMITTED',
  /** 409: the member used the paid group's corrections of this month (Brasília). */
  quotaExceeded: 'ESSAY_QUOTA_EXCEEDED',
  /** 409: a monthly quota set on a group that is not paid. */
  quotaPaidOnly: 'ESSAY_QUOTA_PAID_ONLY',
} as const;

// ── The automatic checks (no AI): the same on the writer's screen and on the server ──

export interface EssayRange {
  start: number;
  end: number;
}
export interface EssayChecks {
  insufficient: boolean;
  overLimit: boolean;
  copiedRanges: EssayRange[];
}

/**
 * Lines the text takes on a handwritten sheet: each paragraph starts a new line and wraps at about
 * ESSAY_LINE_CHARS characters (a word that does not fit goes to the next line; a longer word is
 * split). Blank lines between paragraphs (and what is left of a line once a copied passage is
 * taken out: punctuation alone) are not written lines, so they do not count.
 */
export function countEssayLines(text: string, lineChars = ESSAY_LINE_CHARS): number {
  let lines = 0;
  for (const paragraph of text.split(/\r?\n/)) {
    const words = paragraph.trim().split(/\s+/).filter(Boolean);
    if (!/[\p{L}\p{N}]/u.test(paragraph)) continue;
    let current = 0;
    lines++;
    for (const word of words) {
      let length = word.length;
      const needed = current === 0 ? length : current + 1 + length;
      if (needed <= lineChars) {
        current = needed;
        continue;
      }
      if (current > 0) lines++;
      while (length > lineChars) {
        lines++;
        length -= lineChars;
      }
      current = length;
    }
  }
  return lines;
}

export function countEssayWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

interface Token {
  key: string;
  start: number;
  end: number;
}

/** Words as compared for copying: lower case, without accents or punctuation. */
function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu)) {
    const key = match[0].normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    out.push({ key, start: match.index, end: match.index + match[0].length });
  }
  return out;
}

/**
 * Passages of `text` that share a run of ESSAY_COPY_NGRAM words with a motivating text, as
 * character ranges [start, end) of `text`, overlapping runs merged.
 */
export function copiedRanges(text: string, motivatingTexts: string[], n = ESSAY_COPY_NGRAM): EssayRange[] {
  const grams = new Set<string>();
  for (const source of motivatingTexts) {
    const words = tokens(source).map((token) => token.key);
    for (let i = 0; i + n <= words.length; i++) grams.add(words.slice(i, i + n).join(' '));
  }
  if (grams.size === 0) return [];
  const words = tokens(text);
  const ranges: EssayRange[] = [];
  for (let i = 0; i + n <= words.length; i++) {
    const key = words
      .slice(i, i + n)
      .map((token) => token.key)
      .join(' ');
    if (!grams.has(key)) continue;
    const start = words[i]!.start;
    const end = words[i + n - 1]!.end;
    const last = ranges.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else ranges.push({ start, end });
  }
  return ranges;
}

/** The text without the given ranges (INEP does not count copied lines). */
function withoutRanges(text: string, ranges: EssayRange[]): string {
  let out = '';
  let at = 0;
  for (const range of ranges) {
    out += text.slice(at, range.start);
    at = range.end;
  }
  return out + text.slice(at);
}

/**
 * The checks shown before sending and to graders: 'texto insuficiente' (7 lines or fewer once the
 * copied passages are left out), more than 30 lines, and the copied passages. An essay sent as a
 * photo has no text to check.
 */
export function essayChecks(text: string, motivatingTexts: string[]): EssayChecks {
  const copied = copiedRanges(text, motivatingTexts);
  const lines = countEssayLines(text);
  return {
    insufficient: countEssayLines(withoutRanges(text, copied)) < ESSAY_LINES_MIN,
    overLimit: lines > ESSAY_SHEET_LINES,
    copiedRanges: copied,
  };
}

export const scoresTotal = (scores: CompetenciaScores) =>
  ESSAY_COMPETENCIAS.reduce((sum, key) => sum + scores[key], 0);

/** 'O que mais pesou': the competência with the largest gap to 200 (the first of a tie). */
export function heaviestCompetencia(scores: CompetenciaScores): Competencia {
  let worst: Competencia = 'c1';
  for (const key of ESSAY_COMPETENCIAS) if (scores[key] < scores[worst]) worst = key;
  return worst;
}
