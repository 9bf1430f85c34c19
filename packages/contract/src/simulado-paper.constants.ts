// Paper simulados (issue 42): the printed booklet and answer sheet, and the answers a teacher types
// from each sheet. Texts without zod (the schemas are in simulado-paper.ts).

/** A guest's name (a student without an account) as typed on the sheet. */
export const SIMULADO_PAPER_GUEST_NAME_MAX = 80;

/** The letters of the answer sheet's bubbles, one per option (A–E). */
export const SIMULADO_PAPER_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

/** Machine codes of the paper errors a screen reacts to. */
export const SimuladoPaperErrorCode = {
  /** 400: the answers do not fit the simulado's questions (count, or an option a question lacks). */
  answersInvalid: 'SIMULADO_PAPER_ANSWERS_INVALID',
  /** 400: the student picked is not a current member of the simulado's group. */
  notMember: 'SIMULADO_PAPER_NOT_MEMBER',
  /** 409: the student already has an attempt (online or typed before); nothing is replaced. */
  attemptExists: 'SIMULADO_PAPER_ATTEMPT_EXISTS',
  /** 409: answers for a guest of this name were typed already. */
  guestExists: 'SIMULADO_PAPER_GUEST_EXISTS',
} as const;

const letter = (index: number) => SIMULADO_PAPER_LETTERS[index] ?? '?';

/** Every text of the paper calls and screens; errors are what the server answers, word for word. */
export const SIMULADO_PAPER_MESSAGES = {
  forbidden: 'Só quem organiza o simulado pode imprimi-lo e lançar respostas do papel.',
  notPublished: 'Publique o simulado antes de lançar respostas: as questões só ficam fixas depois disso.',
  whoRequired: 'Escolha um membro do grupo ou digite o nome de um convidado (só um dos dois).',
  userIdInvalid: 'Membro inválido.',
  guestNameRequired: 'Digite o nome do convidado.',
  guestNameTooLong: `O nome do convidado deve ter no máximo ${SIMULADO_PAPER_GUEST_NAME_MAX} caracteres.`,
  answersRequired: 'Envie as respostas: uma por questão, em ordem (null para uma questão em branco).',
  answerInvalid: 'Cada resposta é o número de uma alternativa (0 para A) ou null para em branco.',
  answersCount: (total: number, sent: number) =>
    `O simulado tem ${total} ${total === 1 ? 'questão' : 'questões'}, mas ${sent} ${sent === 1 ? 'resposta foi enviada' : 'respostas foram enviadas'}.`,
  optionMissing: (position: number, options: number) =>
    `A questão ${position} tem só as alternativas A–${letter(options - 1)}.`,
  notMember: 'Esta pessoa não é membro do grupo do simulado.',
  attemptExists: 'Este aluno já tem uma tentativa neste simulado: as respostas do papel não foram lançadas.',
  guestExists: (name: string) => `Já há respostas lançadas para “${name}” neste simulado.`,
  // Screens
  print: 'Imprimir',
  enterAnswers: 'Lançar respostas',
  answerSheet: 'Cartão-resposta',
  onPaper: 'no papel',
  guest: 'convidado',
  saved: 'Respostas lançadas.',
} as const;
