import type { CurrentUser, Me } from '@estudai/contract/constants';

/** A test user as `/auth/session` answers it to its owner: an adult, nothing pending, unless overridden. */
export const meOf = (user: CurrentUser, overrides: Partial<Me> = {}): Me => ({
  ...user,
  birthDate: '1990-05-10',
  needsBirthDate: false,
  isMinor: false,
  protectedMode: false,
  supervision: { status: 'none' },
  privacy: { profileVisibility: 'public', allowAdultChat: true, discoverable: true },
  deletionScheduledFor: null,
  // Chosen already: the first-run step (issue 21) stays out of other screens' tests.
  studyPlan: { goal: 'enem', subjects: ['matematica'] },
  ...overrides,
});

/** A 14-year-old just signed up: 'modo protegido', no guardian yet, the protective defaults. */
export const teenOf = (user: CurrentUser, overrides: Partial<Me> = {}): Me =>
  meOf(user, {
    birthDate: '2012-03-01',
    isMinor: true,
    protectedMode: true,
    privacy: { profileVisibility: 'followers', allowAdultChat: false, discoverable: false },
    ...overrides,
  });
