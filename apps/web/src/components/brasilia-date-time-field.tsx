import { brasiliaInputText } from '../lib/brasilia-time.ts';
import { Field, Input } from './ui/input.tsx';

/** A date and time typed in Brasília time, read back below it in pt-BR (browsers draw it in their own language). */
export function BrasiliaDateTimeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} hint={brasiliaInputText(value)}>
      {({ id, hintId }) => (
        <Input
          id={id}
          type="datetime-local"
          lang="pt-BR"
          aria-describedby={hintId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
