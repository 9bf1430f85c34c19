import type { GuardianTeen } from '@estudai/contract';
import type { users } from '../../db/schema/index.ts';

type Person = Pick<typeof users.$inferSelect, 'id' | 'displayName' | 'username' | 'avatar' | 'userType'>;

export const toPerson = (person: Person) => ({
  id: person.id,
  displayName: person.displayName,
  username: person.username,
  avatar: person.avatar,
  userType: person.userType,
});

/** One line per day, oldest first, with zeros where nothing was recorded. */
export function toActivity(
  days: string[],
  appMinutes: Map<string, number>,
  studyMinutes: Map<string, number>,
  verifiedMinutes: Map<string, number>,
): GuardianTeen['activity'] {
  return days.map((day) => ({
    day,
    appMinutes: appMinutes.get(day) ?? 0,
    studyMinutes: studyMinutes.get(day) ?? 0,
    verifiedMinutes: verifiedMinutes.get(day) ?? 0,
  }));
}
