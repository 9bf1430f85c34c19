// Error reports and key corrections of a bank question (issue 40). Reporting needs only that the
// viewer sees the question in the bank (study's questionVisibleTo); correcting its key or marking it
// anulada / desatualizada is for its author or an admin. Can an adult stranger reach a minor here?
// A report reaches the question's author only as a notification, through a question both already
// see, and notify's rules drop it across a block.

export interface QuestionKeyFacts {
  /** The question is in the bank (its post not deleted). */
  exists: boolean;
  /** The viewer may see it in the bank. */
  visible: boolean;
  isQuestionAuthor: boolean;
  isAdmin: boolean;
}

/** Reporting an error: any reader of the question; a question they cannot see is a 404. */
export function questionReportAccess(facts: QuestionKeyFacts): 'ok' | 'not_found' {
  return facts.exists && facts.visible ? 'ok' : 'not_found';
}

/**
 * Correcting the key, anulling it, marking it desatualizada: its author (who sees it) or an admin
 * (who may reach any question); someone else who sees it is refused, anyone else gets a 404.
 */
export function questionKeyAccess(facts: QuestionKeyFacts): 'ok' | 'not_found' | 'forbidden' {
  if (!facts.exists) return 'not_found';
  if (facts.isAdmin) return 'ok';
  if (!facts.visible) return 'not_found';
  return facts.isQuestionAuthor ? 'ok' : 'forbidden';
}
