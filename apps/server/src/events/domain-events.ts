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
  /**
   * New content in a group, for its members' news ('Novidades em …'): a post (posts), a forum topic
   * (forum), a material (materials), a visible video (videos). Emitted by the feature that added it.
   */
  'group.contentAdded': {
    groupId: string;
    /** Who added it (not told of it). */
    actorId: string;
    news: 'post' | 'forum_topic' | 'material' | 'video';
  };
  // ── guardians ──
  // ── materials ──
  // ── payments ──
  // ── posts ──
  /**
   * A comment on a post (a reply attaches to its top comment): the post's author, the replied
   * comment's author and the people it @mentions may hear of it. In the comment's transaction.
   */
  'comment.created': {
    postId: string;
    commentId: string;
    actorId: string;
    actorName: string;
    content: string;
    postAuthorId: string;
    /** The author of the comment replied to, if a reply. */
    parentAuthorId: string | null;
    /** Of the post's author and the replied comment's, those who may read the post (a group's: its members). */
    readerIds: string[];
    /** The people its @mentions name (at most 20 handles) who may read it: not the actor, not suspended. */
    mentionedIds: string[];
  };
  /** A new post, in its transaction, with the people its @mentions name who may read it. */
  'post.created': {
    postId: string;
    authorId: string;
    authorName: string;
    content: string;
    /** Null on the main feed. */
    studyGroupId: string | null;
    /** As in 'comment.created'. */
    mentionedIds: string[];
  };
  /** A like that was not there before (a repeated like, or an unlike, is no event), in its transaction. */
  'post.liked': {
    postId: string;
    authorId: string;
    actorId: string;
    actorName: string;
  };
  // ── privacy ──
  // ── reports ──
  // ── simulados ──
  // ── study ──
  /** A study session recorded, in its transaction, with the streak of days it makes. */
  'study.sessionRecorded': {
    userId: string;
    /** Days in a row with study (a session, an answer, a review) up to the session's day. */
    studyStreak: number;
  };
  // ── teaching ──
  // ── users ──
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
