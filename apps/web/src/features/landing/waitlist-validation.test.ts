import { AUTH_MESSAGES, WAITLIST_MESSAGES } from '@estudai/contract/constants';
import { describe, expect, it } from 'vitest';
import { waitlistFormError } from './waitlist-validation.ts';

const filled = { name: 'Lia', email: 'lia@exemplo.com', phone: '(81) 99999-1234', objective: 'concursos' };

describe('waiting-list form validation (spec §5)', () => {
  it.each(['name', 'email', 'phone', 'objective'])('asks for every field when %s is empty', (field) => {
    expect(waitlistFormError({ ...filled, [field]: '  ' }, 'resposta')).toBe(WAITLIST_MESSAGES.required);
  });

  it('asks for the robot check once the fields are filled', () => {
    expect(waitlistFormError(filled, null)).toBe(WAITLIST_MESSAGES.robotCheckRequired);
  });

  it('asks for the fields before the robot check', () => {
    expect(waitlistFormError({ ...filled, name: '' }, null)).toBe(WAITLIST_MESSAGES.required);
  });

  it('refuses an e-mail that cannot be one', () => {
    expect(waitlistFormError({ ...filled, email: 'lia@' }, 'resposta')).toBe(AUTH_MESSAGES.emailInvalid);
  });

  it('accepts any phone as typed', () => {
    expect(waitlistFormError({ ...filled, phone: '81 9 9999 1234 (recado)' }, 'resposta')).toBeNull();
  });
});
