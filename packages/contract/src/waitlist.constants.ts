import type { WAITLIST_OBJECTIVES } from './constants.ts';

// The limits, texts and labels of the waiting list, without zod (the schemas are in waitlist.ts), so the
// screens can import them through `@estudai/contract/constants` without loading zod.
export type WaitlistObjective = (typeof WAITLIST_OBJECTIVES)[number];

export const WAITLIST_NAME_MAX = 100;
export const WAITLIST_PHONE_MAX = 30;
/** The robot-check answer is a base64 JSON payload of a few hundred bytes. */
export const ROBOT_CHECK_RESPONSE_MAX = 4_000;
/** A robot-check challenge must be solved and sent within this time. */
export const ROBOT_CHECK_TTL_SECONDS = 5 * 60;

/** Error code of every refused robot check: the page then asks for a new one. */
export const ROBOT_CHECK_FAILED_CODE = 'ROBOT_CHECK_FAILED';

/** Texts of spec §5 (waiting-list form) and the server's answers, in the words users read. */
export const WAITLIST_MESSAGES = {
  required: 'Por favor, preencha todos os campos obrigatórios.',
  robotCheckRequired: 'Por favor, complete a verificação "Não sou um robô".',
  success: '🎉 E-mail cadastrado com sucesso! Te avisaremos no lançamento.',
  failure: 'Ocorreu um erro ao enviar o formulário. Por favor, tente novamente.',
  nameTooLong: `O nome deve ter no máximo ${WAITLIST_NAME_MAX} caracteres.`,
  phoneTooLong: `O telefone deve ter no máximo ${WAITLIST_PHONE_MAX} caracteres.`,
  objectiveInvalid: 'Escolha um objetivo válido: vestibulares, concursos ou outros.',
  robotCheckInvalid: 'A verificação "Não sou um robô" é inválida. Faça a verificação novamente.',
  robotCheckExpired: 'A verificação "Não sou um robô" expirou. Faça a verificação novamente.',
  robotCheckUsed: 'Esta verificação "Não sou um robô" já foi usada. Faça a verificação novamente.',
  tooManySignups: 'Muitas inscrições a partir desta conexão. Aguarde um pouco e tente novamente.',
  linkCopied: 'Link copiado!',
  shareFailed: 'Não foi possível compartilhar o link.',
} as const;

/** Labels of the objectives, as the form shows them. */
export const WAITLIST_OBJECTIVE_LABELS: Record<WaitlistObjective, string> = {
  vestibulares: 'Vestibulares',
  concursos: 'Concursos',
  outros: 'Outros',
};
