import { MAX_PAGE_SIZE } from './constants.ts';
import {
  NOTEBOOK_NOTE_MAX,
  QUESTION_YEAR_MIN,
  REMINDER_FIRST_HOUR,
  REMINDER_LAST_HOUR,
  REVIEW_MAX_AGE_DAYS,
  TOPIC_MAX,
} from './study.constants.ts';

// The study loop's texts (question bank, notebook, review, reminders), apart from the subjects,
// exams, goals and paths of study.constants.ts that the feed shows: those screens need these, the
// feed does not.

/** Every text of the loop's calls and screens; errors are what the server answers, word for word. */
export const STUDY_LOOP_MESSAGES = {
  subjectInvalid: 'Matéria inválida.',
  examInvalid: 'Banca inválida.',
  topicTooLong: `O assunto deve ter no máximo ${TOPIC_MAX} caracteres.`,
  yearInvalid: `O ano deve estar entre ${QUESTION_YEAR_MIN} e o ano atual.`,
  statusInvalid: 'Filtro de situação inválido.',
  difficultyInvalid: 'Dificuldade inválida: use facil, media ou dificil.',
  hasResolutionInvalid: "O filtro 'com resolução' deve ser true ou false.",
  includeInactiveInvalid: "O filtro 'incluir anuladas e desatualizadas' deve ser true ou false.",
  searchTooLong: 'A busca deve ter no máximo 100 caracteres.',
  cursorInvalid: 'Cursor inválido.',
  limitInvalid: `O limite deve ser um número inteiro entre 1 e ${MAX_PAGE_SIZE}.`,
  questionIndexInvalid: 'Essa questão não existe neste quiz.',
  questionIndexRequired: 'Informe qual questão do quiz (questionIndex).',
  questionNotFound: 'Questão não encontrada.',
  notAQuestion: 'Este post não tem questões.',
  entryNotFound: 'Entrada do caderno não encontrada.',
  noteTooLong: `A anotação deve ter no máximo ${NOTEBOOK_NOTE_MAX} caracteres.`,
  noteRequired: 'Envie a anotação (pode ser vazia).',
  ratingInvalid: 'Avaliação inválida: use again, hard, good ou easy.',
  clientIdInvalid: 'Identificador da revisão inválido.',
  reviewedAtInvalid: 'Data da revisão inválida.',
  reviewedAtFuture: 'A data da revisão não pode estar no futuro.',
  reviewedAtTooOld: `A revisão deve ter sido feita nos últimos ${REVIEW_MAX_AGE_DAYS} dias.`,
  clientIdTaken: 'Este identificador de revisão já foi usado em outra questão.',
  reminderHourInvalid: `Escolha um horário entre ${REMINDER_FIRST_HOUR}h e ${REMINDER_LAST_HOUR}h.`,
  reminderTitle: 'Revisão de hoje',
  // Screens
  bankTitle: 'Banco de questões',
  bankEmpty: 'Nenhuma questão encontrada com esses filtros.',
  bankLoading: 'Carregando questões...',
  notebookTitle: 'Caderno de erros',
  notebookEmpty: 'Seu caderno está vazio. Questões que você errar aparecem aqui.',
  notebookLoading: 'Carregando caderno...',
  notebookAdded: 'Questão adicionada ao caderno.',
  notebookRemoved: 'Questão removida do caderno.',
  notePlaceholder: 'Por que errei?',
  reviewTitle: 'Revisão de hoje',
  reviewDone: 'Nada para revisar hoje 🎉',
  /** The end of a review session when a card comes due later ('em 10 min', 'em 4 dias'). */
  reviewNextDue: (inTime: string) => `Tudo revisado por agora 🎉 A próxima questão volta ${inTime}.`,
  reviewNotFound: 'Essa revisão não foi encontrada.',
  reviewUndone: 'Revisão desfeita.',
  reviewsWaitingSync: (n: number) =>
    `${n} ${n === 1 ? 'revisão aguardando' : 'revisões aguardando'} sincronização`,
  reasonWrong: 'Errada',
  reasonManual: 'Adicionada por você',
  noSubject: 'Sem matéria',
} as const;
