// Error reports of a bank question, key corrections and anulled questions (issue 40): reasons,
// statuses and every text.

export const QUESTION_REPORT_REASONS = [
  'gabarito_errado',
  'enunciado_com_erro',
  'desatualizada',
  'outro',
] as const;
export type QuestionReportReason = (typeof QUESTION_REPORT_REASONS)[number];

export const QUESTION_REPORT_REASON_LABELS: Record<QuestionReportReason, string> = {
  gabarito_errado: 'Gabarito errado',
  enunciado_com_erro: 'Enunciado com erro',
  desatualizada: 'Questão desatualizada',
  outro: 'Outro',
};

export const QUESTION_REPORT_TEXT_MAX = 1000;

/** A bank question's state: anuladas and desatualizadas leave the bank unless asked for. */
export const QUESTION_ITEM_STATUSES = ['ativa', 'anulada', 'desatualizada'] as const;
export type QuestionItemStatus = (typeof QUESTION_ITEM_STATUSES)[number];
/** What the author or an admin may mark a question as. */
export const QUESTION_MARKS = ['anulada', 'desatualizada'] as const;
export type QuestionMark = (typeof QUESTION_MARKS)[number];

export const QUESTION_ITEM_STATUS_LABELS: Record<QuestionItemStatus, string> = {
  ativa: 'Ativa',
  anulada: 'Anulada',
  desatualizada: 'Desatualizada',
};

export const QuestionReportErrorCode = {
  notAllowed: 'QUESTION_KEY_FORBIDDEN',
  sameKey: 'QUESTION_KEY_UNCHANGED',
  sameStatus: 'QUESTION_STATUS_UNCHANGED',
} as const;

export const QUESTION_REPORT_MESSAGES = {
  // Errors
  reasonInvalid: 'Escolha o motivo: gabarito errado, enunciado com erro, questão desatualizada ou outro.',
  textRequired: 'Conte qual é o erro.',
  textTooLong: `O relato deve ter no máximo ${QUESTION_REPORT_TEXT_MAX.toLocaleString('pt-BR')} caracteres.`,
  correctAnswerInvalid: 'Essa alternativa não existe nesta questão.',
  markInvalid: 'Escolha anulada ou desatualizada.',
  notAllowed: 'Só o autor da questão ou um administrador pode corrigir o gabarito ou anular a questão.',
  sameKey: 'O gabarito desta questão já é essa alternativa.',
  alreadyAnulada: 'Esta questão já foi anulada.',
  alreadyDesatualizada: 'Esta questão já está marcada como desatualizada.',
  // Replies (toasts)
  reported: 'Obrigado! O autor da questão vai analisar o seu relato.',
  keyCorrected: 'Gabarito corrigido. As respostas foram corrigidas de novo.',
  markedAnulada: 'Questão anulada: conta como certa para quem a respondeu em simulados.',
  markedDesatualizada: 'Questão marcada como desatualizada.',
  // Notifications
  reportedTitle: 'Reportaram um erro na sua questão',
  reportedToModeratorsTitle: 'Erro reportado numa questão',
  reportedMessage: (reason: QuestionReportReason, name: string) =>
    `${name} reportou: ${QUESTION_REPORT_REASON_LABELS[reason].toLowerCase()}.`,
  outcomeTitle: 'Seu relato de erro foi analisado',
  outcomeKeyCorrected: (letter: string) =>
    `O gabarito da questão foi corrigido para a alternativa ${letter}.`,
  outcomeAnulada: 'A questão foi anulada.',
  outcomeDesatualizada: 'A questão foi marcada como desatualizada.',
  // Screens
  reportAction: 'Reportar erro na questão',
  reportTitle: 'Reportar erro na questão',
  reasonLegend: 'Qual é o erro?',
  textLabel: 'Descreva o erro',
  textOptionalLabel: 'Detalhes (opcional)',
  send: 'Enviar',
  cancel: 'Cancelar',
  correctKeyAction: 'Corrigir gabarito',
  correctKeyTitle: 'Corrigir gabarito',
  correctKeyLegend: 'Qual é a alternativa correta?',
  correctKeyConfirm: 'Confirmar correção',
  correctKeyWarning: 'Todas as respostas serão corrigidas de novo e os cadernos de erros, atualizados.',
  anularAction: 'Anular questão',
  anularConfirm: 'Anular esta questão? Ela contará como certa para quem a respondeu em simulados.',
  desatualizadaAction: 'Marcar como desatualizada',
  includeInactive: 'Incluir anuladas e desatualizadas',
} as const;
