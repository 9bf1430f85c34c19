// Simulados (issue 20): timed exams of a study group, taken live, with a score estimate on an
// ENEM-like scale. Limits, labels and texts without zod (the schemas are in simulados.ts), so the
// screens can import them through `@estudai/contract/constants`.

export const SIMULADO_TITLE_MAX = 120;
/** A simulado is published with at least this many questions; a draft may have fewer. */
export const SIMULADO_QUESTIONS_MIN = 5;
export const SIMULADO_QUESTIONS_MAX = 180;
/** 'Monte seu simulado' (issue 36): a student's own, of 5 to 90 questions, open for 7 days. */
export const SIMULADO_PERSONAL_QUESTIONS_MAX = 90;
export const SIMULADO_PERSONAL_OPEN_DAYS = 7;
/**
 * Its builder's address: a view of the simulado route (no route of its own, so the first route's
 * router does not grow), linked from the bank.
 */
export const SIMULADO_PERSONAL_SLUG = 'monte-seu-simulado';
export const SIMULADO_PERSONAL_PATH = `/simulados/${SIMULADO_PERSONAL_SLUG}`;
export const SIMULADO_DURATION_MIN_MINUTES = 10;
export const SIMULADO_DURATION_MAX_MINUTES = 330;
/**
 * How far an answer's `answeredAt` (the device's clock) may fall outside the attempt's time, for
 * clocks that run a little ahead or behind; it is then stored within [startedAt, endsAt].
 */
export const SIMULADO_CLOCK_SKEW_SECONDS = 60;
/** 'Questões que mais pesaram': at most this many wrong answers to the easiest questions. */
export const SIMULADO_HEAVIEST_MISSES = 5;
/** Easy and hard questions in the result's explanations, by the item's difficulty b. */
export const SIMULADO_EASY_B_MAX = -0.5;
export const SIMULADO_HARD_B_MIN = 0.5;
/** A question is calibrated from this many answers of distinct users (psychometrics.ts has the same). */
export const SIMULADO_CALIBRATION_MIN_RESPONSES = 200;

export const SIMULADO_STATUSES = ['draft', 'published'] as const;
export type SimuladoStatus = (typeof SIMULADO_STATUSES)[number];
/** Where the window stands for the viewer's clock (the server's): before, during or after it. */
export const SIMULADO_WINDOWS = ['upcoming', 'open', 'closed'] as const;
export type SimuladoWindow = (typeof SIMULADO_WINDOWS)[number];
export const SIMULADO_ATTEMPT_STATUSES = ['in_progress', 'finished'] as const;
export type SimuladoAttemptStatus = (typeof SIMULADO_ATTEMPT_STATUSES)[number];
/** The ranking in a result: switched off, waiting for the window to close, or there. */
export const SIMULADO_RANKING_STATUSES = ['disabled', 'after_close', 'available'] as const;
export type SimuladoRankingStatus = (typeof SIMULADO_RANKING_STATUSES)[number];

/** Shown with every estimate, word for word. */
export const SIMULADO_ESTIMATE_LABEL = 'Estimativa — não é a nota oficial do INEP';

/** 'N pessoas fazendo agora', the live count of attempts in progress. */
export const simuladoLiveLabel = (inProgress: number) =>
  `${inProgress} ${inProgress === 1 ? 'pessoa fazendo' : 'pessoas fazendo'} agora`;

/** Machine codes of the simulado errors a screen reacts to (the rest use the shared ErrorCode). */
export const SimuladoErrorCode = {
  /** 409: the attempt's time is over (or it was submitted); answers are no longer taken. */
  attemptEnded: 'SIMULADO_ATTEMPT_ENDED',
  /** 409: the viewer already has their one attempt. */
  attemptExists: 'SIMULADO_ATTEMPT_EXISTS',
  /** 409: the window has not opened yet, or has closed. */
  windowClosed: 'SIMULADO_WINDOW_CLOSED',
  /** 409: the result is asked for before the attempt ended. */
  resultNotReady: 'SIMULADO_RESULT_NOT_READY',
  /** 409: a published simulado cannot be edited, nor published again. */
  published: 'SIMULADO_PUBLISHED',
  /** 409: publishing with fewer than SIMULADO_QUESTIONS_MIN questions, or a window already closed. */
  notPublishable: 'SIMULADO_NOT_PUBLISHABLE',
  /** 400: a picked question is not one the creator can see in the bank. */
  questionUnavailable: 'SIMULADO_QUESTION_UNAVAILABLE',
  /** 400: 'Monte seu simulado' found fewer questions than asked for. */
  personalTooFew: 'SIMULADO_PERSONAL_TOO_FEW',
  /** 409: the class results are asked for before the window closed. */
  classResultsNotReady: 'SIMULADO_CLASS_RESULTS_NOT_READY',
} as const;

/** Every text of the simulado calls; errors are what the server answers, word for word. */
export const SIMULADO_MESSAGES = {
  notFound: 'Simulado não encontrado.',
  createForbidden: 'Apenas professores, mentores e tutores podem criar simulados.',
  manageForbidden: 'Só quem organiza os simulados deste grupo pode fazer isso.',
  titleRequired: 'Dê um título ao simulado.',
  titleTooLong: `O título deve ter no máximo ${SIMULADO_TITLE_MAX} caracteres.`,
  durationInvalid: `A duração deve ser um número inteiro de ${SIMULADO_DURATION_MIN_MINUTES} a ${SIMULADO_DURATION_MAX_MINUTES} minutos.`,
  opensAtInvalid: 'Data de abertura inválida: use "now" ou uma data e hora (horário de Brasília).',
  closesAtInvalid: 'Data de fechamento inválida: use uma data e hora (horário de Brasília).',
  windowInverted: 'O simulado deve fechar depois de abrir.',
  closesInPast: 'A data de fechamento já passou.',
  showRankingInvalid: 'Diga se os participantes veem o ranking (showRanking).',
  questionsInvalid: 'Envie a lista de questões do simulado.',
  questionsTooMany: `Um simulado tem no máximo ${SIMULADO_QUESTIONS_MAX} questões.`,
  questionsDuplicated: 'A mesma questão aparece mais de uma vez no simulado.',
  questionRefInvalid: 'Cada questão precisa de postId e questionIndex (null para uma questão avulsa).',
  questionUnavailable: (position: number) =>
    `A questão ${position} não está disponível para você no banco de questões.`,
  questionIndexRequired: (position: number) =>
    `A questão ${position} é de um quiz: informe qual questão do quiz (questionIndex).`,
  questionIndexNotAllowed: (position: number) =>
    `A questão ${position} é uma questão avulsa: use questionIndex null.`,
  publishedLocked: 'Este simulado já foi publicado: as questões e as regras não mudam mais.',
  alreadyPublished: 'Este simulado já foi publicado.',
  tooFewToPublish: `Um simulado precisa de pelo menos ${SIMULADO_QUESTIONS_MIN} questões para ser publicado.`,
  closedBeforePublish: 'A janela deste simulado já fechou: ajuste as datas antes de publicar.',
  notOpenYet: 'Este simulado ainda não abriu.',
  windowClosed: 'Este simulado já fechou.',
  notPublished: 'Este simulado ainda não foi publicado.',
  attemptExists: 'Você já fez (ou está fazendo) este simulado.',
  attemptNotFound: 'Você ainda não começou este simulado.',
  attemptEnded: 'O tempo deste simulado acabou: a resposta não foi registrada.',
  questionNotInSimulado: 'Questão não encontrada neste simulado.',
  optionInvalid: 'Escolha uma das alternativas da questão.',
  clientIdInvalid: 'Identificador da resposta inválido (clientId deve ser um UUID).',
  clientIdTaken: 'Este identificador de resposta já foi usado em outra questão.',
  answeredAtInvalid: 'A hora da resposta está fora do tempo da prova.',
  resultNotReady: 'O resultado sai quando o seu tempo acabar ou quando você entregar a prova.',
  questionInOpenAttempt: 'Esta questão está no simulado que você está fazendo: responda por lá.',
  progressForbidden: 'Só quem organiza o simulado acompanha o progresso dos participantes.',
  classResultsNotReady: 'Os resultados da turma saem quando o simulado fechar.',
  personalCountInvalid: `Escolha de ${SIMULADO_QUESTIONS_MIN} a ${SIMULADO_PERSONAL_QUESTIONS_MAX} questões.`,
  personalFiltersInvalid: 'Filtros inválidos: escolha matérias, bancas e dificuldades da lista.',
  personalTooFew: (found: number) =>
    found === 0
      ? 'Nenhuma questão do banco combina com esses filtros: mude os filtros.'
      : `Só ${found === 1 ? 'uma questão combina' : `${found} questões combinam`} com esses filtros: escolha menos questões ou mude os filtros.`,
  personalTitle: (count: number) => `Meu simulado — ${count} questões`,
  /** A minor's name, for anyone in the group's staff but its owner. */
  classMinorName: (position: number) => `Participante ${position} (menor de idade)`,
  publishedNotificationTitle: (groupName: string) => `Novo simulado em ${groupName}`,
  publishedNotification: (title: string, closesAt: string) =>
    `${title} — aberto até ${closesAt} (horário de Brasília).`,
  resultsNotificationTitle: 'Resultado do simulado disponível',
  resultsNotification: (title: string) => `O simulado ${title} fechou: veja o seu resultado e o ranking.`,
  classResultsNotificationTitle: 'Resultados da turma prontos',
  classResultsNotification: (title: string, participants: number) =>
    `O simulado ${title} fechou com ${participants} ${participants === 1 ? 'participante' : 'participantes'}: veja os resultados da turma.`,
  // Screens
  estimateTitle: 'Estimativa TRI',
  heaviestMissesTitle: 'Questões que mais pesaram',
  rankingTitle: 'Ranking',
  classResultsTitle: 'Resultados da turma',
  classResultsExport: 'Exportar CSV',
  rankingAfterClose: 'O ranking aparece quando o simulado fechar.',
  rankingDisabled: 'O ranking deste simulado está desligado.',
} as const;
