import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { WAITLIST_OBJECTIVES } from './constants.ts';
import {
  ROBOT_CHECK_RESPONSE_MAX,
  WAITLIST_MESSAGES,
  WAITLIST_NAME_MAX,
  WAITLIST_PHONE_MAX,
} from './waitlist.constants.ts';

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
export const launchInfoSchema = z.object({
  launchAt: z.iso.datetime({ offset: true }),
  /**
   * The demo account 'Testar Demo' signs in with in one tap (its password is the README's public
   * one); null without demo data or with a private DEMO_PASSWORD (issue 36). Older servers send none.
   */
  demo: z.object({ email: z.string(), password: z.string() }).nullable().optional(),
});
export type LaunchInfo = z.infer<typeof launchInfoSchema>;
