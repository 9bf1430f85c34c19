import { WAITLIST_MESSAGES, type WaitlistFormValues, waitlistFormSchema } from '@estudai/contract';
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';

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

/**
 * The waiting-list form's resolver: its one message (`errors.root`) in the order above, with the
 * robot check's answer as the form's context. The fields go as they were typed (the server's
 * schema trims them).
 */
export const waitlistResolver: Resolver<WaitlistFormValues, string | null> = (
  values,
  robotCheckResponse,
): ResolverResult<WaitlistFormValues> => {
  const problem = waitlistFormError(values, robotCheckResponse ?? null);
  if (!problem) return { values, errors: {} };
  return {
    values: {},
    errors: { root: { type: 'validate', message: problem } } as FieldErrors<WaitlistFormValues>,
  };
};
