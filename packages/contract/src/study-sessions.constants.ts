import { BRASILIA_TIME_ZONE } from './dates.ts';

// Study time: the sessions' limits and messages, the study timer's pomodoro and the time zone study
// days are counted in, without zod (the schema is in users.ts). Apart from the users' and reports'
// texts (users.constants.ts): the signed-in frame's study timer needs these, not those.

/** A study session is at most 12 hours (longer ones are a forgotten timer). */
export const STUDY_SESSION_MAX_SECONDS = 12 * 60 * 60;
export const POMODORO_SECONDS = 25 * 60;
/** Days, hours and the "today" of study statistics are counted in Brasília time (dates.ts). */
export const STUDY_TIME_ZONE = BRASILIA_TIME_ZONE;

export const STUDY_MESSAGES = {
  durationInvalid: 'A sessão de estudo deve durar de 1 segundo a 12 horas.',
  startedAtInvalid: 'Horário de início inválido.',
  startedInFuture: 'A sessão de estudo não pode começar no futuro.',
  startedTooLongAgo: 'A sessão de estudo começou há tempo demais para ser registrada.',
  savedTitle: 'Sessão registrada',
  saveFailedTitle: 'Erro',
  saveFailed: 'Não foi possível registrar a sessão de estudo. Tente novamente.',
} as const;
