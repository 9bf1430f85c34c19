/**
 * Every domain event, by name, with its payload: what a feature tells the others after it changed
 * its data, instead of calling them (docs/conventions.md, 'Events'). Payloads are plain JSON (they
 * wait in the outbox): ids, instants as ISO strings, and the few words a notification needs.
 *
 * A subscriber either runs inside the emitter's transaction (`events.on`) or, durably, right after
 * it commits and again until it succeeds (`events.subscribe`, through the outbox).
 */
export interface DomainEvents {
  // Sections by the feature that emits (each keeps its own; alphabetical inside a section).
  // ── auth ──
  // ── chat ──
  // ── forum ──
  // ── groups ──
  // ── guardians ──
  /** The guardian let a teen's paid join go on to payment (`approved`), or not. */
  'guardian.approval.decided': {
    approvalId: string;
    teenId: string;
    guardianId: string;
    groupId: string;
    groupName: string;
    approved: boolean;
  };
  /** An adult accepted a teen's invitation: the supervision (link `linkId`) is on. */
  'guardian.linked': { linkId: string; teenId: string; guardianId: string; guardianName: string };
  // ── materials ──
  // ── payments ──
  // ── posts ──
  // ── privacy ──
  /** The data export `exportId` was built: `requestedBy` (the person, or their guardian) may download it. */
  'export.ready': { exportId: string; requestedBy: string };
  // ── reports ──
  /** An admin upheld (`uphold`) or reversed a contested decision about `targetId` (its author). */
  'report.contest.decided': { reportId: string; targetId: string; uphold: boolean };
  /**
   * An admin decided an open report: dismissed, warned or suspended `targetId` (the person
   * reported, or the author of the content); `reporterId` filed it.
   */
  'report.resolved': {
    reportId: string;
    action: 'dismiss' | 'warn' | 'suspend';
    contentKind: 'user' | 'post' | 'comment' | 'message';
    targetId: string;
    reporterId: string;
  };
  // ── simulados ──
  // ── study ──
  // ── teaching ──
  // ── users ──
  /**
   * Someone blocked someone (again: the same). The requests that waited between the two are gone:
   * `requestsRemovedFor` are their recipients.
   */
  'block.created': { blockerId: string; blockedId: string; requestsRemovedFor: string[] };
  /**
   * `toUserId` answered a request of `fromUserId`: accepted (`toName` is the one who accepted) or
   * not (then `toName` is empty). It leaves their list either way.
   */
  'connection.answered': {
    requestId: string;
    kind: 'connect' | 'follow';
    fromUserId: string;
    toUserId: string;
    toName: string;
    accepted: boolean;
  };
  /** A new request: to connect ('Conectar'), or to follow someone who approves their followers. */
  'connection.requested': {
    requestId: string;
    kind: 'connect' | 'follow';
    fromUserId: string;
    fromName: string;
    toUserId: string;
  };
  /** A follow request that waited was withdrawn (the asker unfollowed). */
  'connection.withdrawn': { fromUserId: string; toUserId: string };
  /** A follow that is new (not one there already), made `at` (ISO). */
  'follow.created': { followerId: string; followerName: string; followingId: string; at: string };
  // ── videos ──
  // ── questions (posts, study and simulados alike) ──
  /**
   * A person answered questions for the first time (one per question and person): a question post,
   * a quiz's question from the bank, a finished quiz, a simulado's closing.
   */
  'question.answered': {
    userId: string;
    answers: { postId: string; questionIndex: number; isCorrect: boolean }[];
    /** When they answered (the caderno's new card is due from then). */
    at: string;
    /** A question post or a quiz's question (`question`), a finished quiz, or a simulado's closing. */
    source: 'question' | 'quiz' | 'simulado';
  };
}

export type DomainEventName = keyof DomainEvents;
