// What the forms share beside react-hook-form itself: the contract's schema (the one the server
// validates with) as the resolver of a form whose fields are not the request's body as they are,
// the one message of a form that shows one, and the options of a form checked only when sent.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked when it is sent, as these forms always were: a message stays until the next
 * send (no checking while typing), and the focus stays where it is.
 */
export const CHECKED_WHEN_SENT = {
  mode: 'onSubmit',
  reValidateMode: 'onSubmit',
  shouldFocusError: false,
} as const;

/**
 * The contract's `schema` as the resolver of a form whose fields are not the request's body as
 * they are (a number typed as text, a date and time on the Brasília clock, a field sent only with
 * another): `toBody` turns the fields into the body, which the schema checks and parses. The
 * errors keep the schema's paths (the body's field names).
 */
export function bodyResolver<TFieldValues extends FieldValues, TSchema extends z.ZodType>(
  schema: TSchema,
  toBody: (values: TFieldValues) => unknown,
): Resolver<TFieldValues, unknown, z.output<TSchema>> {
  const resolve = zodResolver(schema as z.ZodType<z.output<TSchema>, FieldValues>) as unknown as Resolver<
    FieldValues,
    unknown,
    z.output<TSchema>
  >;
  // The errors are the body's, named as its fields are: read them with `firstErrorMessage`.
  return (values, context, options) =>
    resolve(
      toBody(values) as FieldValues,
      context,
      options as unknown as Parameters<typeof resolve>[2],
    ) as ReturnType<Resolver<TFieldValues, unknown, z.output<TSchema>>>;
}

/**
 * The first message among a form's errors, in the order they were found (the schema's order of
 * fields, then a rule over the whole form): for a form that shows one message, not one per field.
 */
export function firstErrorMessage(errors: FieldErrors | undefined): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, child] of Object.entries(errors)) {
    // A field's element and its other messages by rule are not errors of their own.
    if (key === 'ref' || key === 'types' || key === 'type' || key === 'message') continue;
    const found = firstErrorMessage(child as FieldErrors | undefined);
    if (found) return found;
  }
  return undefined;
}
