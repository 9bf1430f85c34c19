import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { WAITLIST_OBJECTIVES } from './constants.ts';

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

const requiredText = (max: number, tooLong: string) =>
  z.string({ error: WAITLIST_MESSAGES.required }).trim().min(1, WAITLIST_MESSAGES.required).max(max, tooLong);

/**
 * Spec §3 waiting-list payload. `recaptchaResponse` keeps the spec's name; it carries the ALTCHA
 * payload (base64 JSON of the challenge and its solution). The phone is kept as typed (no format check).
 */
export const waitlistSubscriptionSchema = z.object({
  name: requiredText(WAITLIST_NAME_MAX, WAITLIST_MESSAGES.nameTooLong),
  email: z
    .string({ error: WAITLIST_MESSAGES.required })
    .trim()
    .min(1, WAITLIST_MESSAGES.required)
    .pipe(emailSchema),
  phone: requiredText(WAITLIST_PHONE_MAX, WAITLIST_MESSAGES.phoneTooLong),
  objective: z
    .string({ error: WAITLIST_MESSAGES.required })
    .min(1, WAITLIST_MESSAGES.required)
    .pipe(z.enum(WAITLIST_OBJECTIVES, { error: WAITLIST_MESSAGES.objectiveInvalid })),
  recaptchaResponse: z
    .string({ error: WAITLIST_MESSAGES.robotCheckRequired })
    .trim()
    .min(1, WAITLIST_MESSAGES.robotCheckRequired)
    .max(ROBOT_CHECK_RESPONSE_MAX, WAITLIST_MESSAGES.robotCheckInvalid),
});
export type WaitlistSubscriptionInput = z.input<typeof waitlistSubscriptionSchema>;
export type WaitlistSubscription = z.infer<typeof waitlistSubscriptionSchema>;

/** The form's fields before the robot check is attached. */
export const waitlistFormSchema = waitlistSubscriptionSchema.omit({ recaptchaResponse: true });
export type WaitlistFormValues = z.input<typeof waitlistFormSchema>;

/** An ALTCHA (v2) proof-of-work challenge, as `GET /api/altcha/challenge` answers it. */
export const robotCheckChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});
export type RobotCheckChallenge = z.infer<typeof robotCheckChallengeSchema>;

export const robotCheckSolutionSchema = z.object({
  counter: z.number(),
  derivedKey: z.string(),
  time: z.number().optional(),
});
export type RobotCheckSolution = z.infer<typeof robotCheckSolutionSchema>;

/** What the page sends as `recaptchaResponse`, before base64: the challenge and its solution. */
export const robotCheckPayloadSchema = z.object({
  challenge: robotCheckChallengeSchema,
  solution: robotCheckSolutionSchema,
});
export type RobotCheckPayload = z.infer<typeof robotCheckPayloadSchema>;

/** `GET /api/launch`: when the product opens (spec §9; LAUNCH_AT on the server). */
export const launchInfoSchema = z.object({ launchAt: z.iso.datetime({ offset: true }) });
export type LaunchInfo = z.infer<typeof launchInfoSchema>;
