import { currentUserSchema } from '@estudai/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ana } from '../test/api-mock.ts';
import { CURRENT_USER_KEY, readStoredUser } from './current-user.ts';

const user = ana;

const store = (value: unknown) => localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(value));

describe('readStoredUser', () => {
  afterEach(() => localStorage.clear());

  it('reads back the stored user as the contract shapes it, unknown fields dropped', () => {
    store({ ...user, avatar: '/media/a.webp', extra: 'x' });
    const expected = currentUserSchema.parse({ ...user, avatar: '/media/a.webp', extra: 'x' });
    expect(readStoredUser()).toEqual(expected);
  });

  it.each([
    ['a missing field', { ...user, email: undefined }],
    ['an unknown user type', { ...user, userType: 'diretor' }],
    ['a wrong type', { ...user, emailVerified: 'yes' }],
    ['not an object', 'ana'],
  ])('removes a stored value with %s', (_case, value) => {
    store(value);
    expect(currentUserSchema.safeParse(value).success).toBe(false);
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull();
  });
});
