import type { UserType } from '@estudai/contract';

// Resolutions of a bank question (issue 40): who reads them, writes and votes, and who marks the
// best one. The question itself is seen by the bank's rule (study's questionVisibleTo: groups,
// followers-only authors, blocks, hidden posts); a resolution's author blocked either way is left
// out of the list by `notBlockedEitherWay`. Can an adult stranger reach a minor here? Only through a
// question both may already see in the bank, and never across a block.

export interface ResolutionFacts {
  /** The viewer may see the question in the bank. */
  questionVisible: boolean;
  /** The viewer answered the question. */
  answered: boolean;
  /** The viewer wrote the question. */
  isQuestionAuthor: boolean;
}

/**
 * Reading, writing and voting: nothing of a question the viewer cannot see (a 404), and nothing
 * before they answered it, so a resolution never hands out the key (decision 003): 'answer_first'.
 */
export function resolutionAccess(facts: ResolutionFacts): 'ok' | 'not_found' | 'answer_first' {
  if (!facts.questionVisible) return 'not_found';
  if (!facts.answered && !facts.isQuestionAuthor) return 'answer_first';
  return 'ok';
}

const TEACHER_TYPES: readonly UserType[] = ['professor', 'mentor', 'tutor'];

/** A verified professor, mentor or tutor: their resolution is 'Resolução do professor'. */
export function isTeacherAuthor(user: { userType: UserType; isVerified: boolean }): boolean {
  return user.isVerified && TEACHER_TYPES.includes(user.userType);
}

/** The question's author or a teacher marks the 'melhor resolução'; a student on someone else's, not. */
export function mayAcceptResolution(facts: {
  isQuestionAuthor: boolean;
  viewer: { userType: UserType; isVerified: boolean };
}): boolean {
  return facts.isQuestionAuthor || isTeacherAuthor(facts.viewer);
}
