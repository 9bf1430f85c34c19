import { GROUP_CREATOR_TYPES } from '@estudai/contract';
import { eq, type SQL } from 'drizzle-orm';
import { essays } from '../db/schema/index.ts';
import { ageBand, isMinorBand } from '../lib/ages.ts';
import type { SessionUser } from '../plugins/session.ts';

// Who may grade and who may read an essay (issue 38), decided here and nowhere else. Essays are
// always anonymous to graders (no author field ever reaches them); a minor's community essay is
// graded only by other minors and verified teachers: no adult stranger reads a teen's text.

/** What the grading rule needs to know about a grader. */
export interface EssayGraderFacts {
  graderIsMinor: boolean;
  /** A professor, mentor, tutor or admin whose account the team verified. */
  graderIsVerifiedTeacher: boolean;
}

export function essayGraderFacts(grader: SessionUser, now: Date): EssayGraderFacts {
  return {
    graderIsMinor: isMinorBand(ageBand(grader.birthDate, now)),
    graderIsVerifiedTeacher:
      grader.isVerified && (GROUP_CREATOR_TYPES as readonly string[]).includes(grader.userType),
  };
}

/** The rule, as a table: an adult's essay goes to any peer; a minor's only to minors and verified teachers. */
export function mayGradeEssay(facts: EssayGraderFacts, essay: { authorIsMinor: boolean }): boolean {
  if (!essay.authorIsMinor) return true;
  return facts.graderIsMinor || facts.graderIsVerifiedTeacher;
}

/** The same rule as a condition on `essays` for the pool (undefined: every essay may reach them). */
export function essayGradableSql(facts: EssayGraderFacts): SQL | undefined {
  return mayGradeEssay(facts, { authorIsMinor: true }) ? undefined : eq(essays.authorIsMinor, false);
}

/** What reading one essay depends on. */
export interface EssayReadFacts {
  isAuthor: boolean;
  /** Owner or co-teacher of the group it was sent to. */
  isGroupTeacher: boolean;
  isAdmin: boolean;
}

/**
 * The author and, for a group submission, the group's teachers (and admins) read an essay and,
 * once it is done, its corrections; graders read it only through their assignment. Anyone else: 404.
 */
export function essayReadableBy(facts: EssayReadFacts): boolean {
  return facts.isAuthor || facts.isGroupTeacher || facts.isAdmin;
}

/** What reading a person's essay scores (not their texts) depends on. */
export interface EssayScoresFacts {
  isAuthor: boolean;
  /** The author's guardian, by a link the author's guardian accepted and nobody ended. */
  isActiveGuardianOfAuthor: boolean;
}

/**
 * A person's essay scores (final score per competência, the proposal's title, when): themselves and
 * their active guardian, on the guardian's dashboard (issue 38). Never the text nor the comments,
 * which stay the author's and their graders'. Anyone else, a teacher or an admin included: no.
 */
export function essayScoresReadableBy(facts: EssayScoresFacts): boolean {
  return facts.isAuthor || facts.isActiveGuardianOfAuthor;
}

/** An author counts as a minor for grading unless known to be an adult (an unknown age is protected). */
export function authorIsMinorFor(author: SessionUser, now: Date): boolean {
  return ageBand(author.birthDate, now) !== 'adult';
}
