import { WAITLIST_MESSAGES, type WaitlistFormValues, waitlistFormSchema } from '@estudai/contract';

/** Spec §5: every field first, then the robot check; null when the form may be sent. */
export function waitlistFormError(
  values: WaitlistFormValues,
  robotCheckResponse: string | null,
): string | null {
  if (Object.values(values).some((value) => !value.trim())) return WAITLIST_MESSAGES.required;
  const parsed = waitlistFormSchema.safeParse(values);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? WAITLIST_MESSAGES.required;
  if (!robotCheckResponse) return WAITLIST_MESSAGES.robotCheckRequired;
  return null;
}
