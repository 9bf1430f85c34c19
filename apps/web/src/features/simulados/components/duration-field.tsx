import { SIMULADO_DURATION_MAX_MINUTES, SIMULADO_DURATION_MIN_MINUTES } from '@estudai/contract/constants';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Input } from '../../../components/ui/input.tsx';

export const DURATION_LABEL = `Duração (minutos, de ${SIMULADO_DURATION_MIN_MINUTES} a ${SIMULADO_DURATION_MAX_MINUTES})`;

/**
 * A simulado's time in minutes, within the contract's bounds: the same field where a teacher sets a
 * group's simulado and where a student builds one alone ('Monte seu simulado').
 */
export function DurationField({ field }: { field: UseFormRegisterReturn }) {
  return (
    <Field label={DURATION_LABEL}>
      {({ id }) => (
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={SIMULADO_DURATION_MIN_MINUTES}
          max={SIMULADO_DURATION_MAX_MINUTES}
          {...field}
        />
      )}
    </Field>
  );
}
