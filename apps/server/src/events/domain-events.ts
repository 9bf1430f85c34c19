/**
 * Every domain event, by name, with its payload: what a feature tells the others after it changed
 * its data, instead of calling them (docs/conventions.md, 'Events'). Payloads are plain JSON (they
 * wait in the outbox): ids, instants as ISO strings, and the few words a notification needs.
 *
 * A subscriber either runs inside the emitter's transaction (`events.on`), or, durably, right after
 * it commits and again until it succeeds (`events.subscribe`, through the outbox), or is written into
 * the emitter's one statement (`events.onStatement`, decision 067).
 */
export interface DomainEvents {
  // Sections by the feature that emits (each keeps its own; alphabetical inside a section).
  // ── auth ──
  // ── chat ──
  /**
   * A message to a minor was held (issue 43): an adult asked for contact elsewhere. Moderation
   * follows it (the sender hears of the rule; the item joins the queue). Never the message's text.
   */
  'chat.messageHeld': { messageId: string; senderId: string; recipientId: string; at: string };
  // ── enforcement ──
  /**
   * An action was taken against `userId` (issue 43): they hear it, naming the rule and the item,
   * and may appeal it. `endsAt` is a limit's or a suspension's end (ISO), null otherwise.
   */
  'moderation.actionRecorded': {
    actionId: string;
    userId: string;
    kind: 'warning' | 'limit' | 'suspension' | 'content_removed' | 'image_hidden' | 'message_held';
    rule: string;
    itemType: 'user' | 'post' | 'comment' | 'message' | 'image';
    endsAt: string | null;
    /** The report decided, when the action came from one (its warning or removal notice names the rule). */
    reportId: string | null;
  };
  // ── essays ──
  /** An essay got its final score: its author hears of it ('Sua redação foi corrigida'). */
  'essay.corrected': { essayId: string; authorId: string; promptTitle: string; total: number };
  /** An essay waits for these teachers' correction (a group submission, or the banca). */
  'essay.reviewRequested': { essayId: string; promptTitle: string; teacherIds: string[] };
  /** An open assignment expires within ESSAY_REMINDER_HOURS: its grader is reminded, once. */
  'essay.reviewExpiring': {
    reviewId: string;
    graderId: string;
    groupId: string | null;
    promptTitle: string;
    expiresAt: string;
  };
  // ── forum ──
  /** A reply in a group's forum topic: the topic's author hears of it (not when replying to oneself). */
  'forum.topicReplied': {
    groupId: string;
    topicId: string;
    topicTitle: string;
    topicAuthorId: string;
    replierId: string;
    replierName: string;
  };
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
  /** The owner (or an admin) deactivated the group: its members hear it with the group's news. */
  'group.deactivated': { groupId: string; actorId: string };
  /** The owner invited someone to the group (asking again tells them once). */
  'group.memberInvited': {
    groupId: string;
    groupName: string;
    inviteeId: string;
    ownerId: string;
    ownerName: string;
  };
  /** Someone joined the group (free, or paid with an approved payment): its owner hears of it. */
  'group.memberJoined': {
    groupId: string;
    groupName: string;
    ownerId: string;
    memberId: string;
    memberName: string;
  };
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
  // ── media ──
  /**
   * Issue 43 (decision 051): the image check found an upload sensitive or blocked, or a moderator
   * decided on one (`decidedBy`). The moderation log records it; `at` is the check's or decision's instant.
   */
  'media.classified': {
    key: string;
    uploaderId: string;
    sensitivity: 'ok' | 'sensitive' | 'blocked';
    at: string;
    decidedBy?: string;
  };
  // ── payments ──
  /** A supervised teen asked for a paid group: their guardian is asked to approve it. */
  'payment.approvalRequested': {
    approvalId: string;
    groupId: string;
    groupName: string;
    teenId: string;
    teenName: string;
    guardianId: string;
  };
  /** The provider approved a payment and it opened (or extended) the buyer's access. */
  'payment.approved': { paymentId: string; groupId: string; groupName: string; userId: string };
  /** The provider refunded a payment (our refund's echo, or its own dashboard's): the buyer hears of it. */
  'payment.refundedByProvider': {
    paymentId: string;
    groupId: string;
    groupName: string;
    userId: string;
    /** In cents. */
    amount: number;
  };
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
  /**
   * A like that was not there before (a repeated like, or an unlike, is no event), inside the like's
   * one statement: its subscribers write there (`events.onStatement`, decision 067).
   */
  'post.liked': {
    postId: string;
    authorId: string;
    actorId: string;
    actorName: string;
  };
  // ── practice ──
  /** A resolution of a bank question was written: its author and those who answered wrong are told. */
  'resolution.created': {
    resolutionId: string;
    postId: string;
    questionIndex: number;
    authorId: string;
    authorName: string;
    questionAuthorId: string;
  };
  // ── privacy ──
  /** The data export `exportId` was built: `requestedBy` (the person, or their guardian) may download it. */
  'export.ready': { exportId: string; requestedBy: string };
  // ── reports ──
  /**
   * A second moderator (`decidedBy`) decided `userId`'s appeal of an action: kept (`uphold`) or
   * reversed. The action's item, for the feature whose item comes back (an image: media).
   */
  'moderation.appealDecided': {
    appealId: string;
    actionId: string;
    userId: string;
    uphold: boolean;
    note: string;
    itemType: 'user' | 'post' | 'comment' | 'message' | 'image';
    itemId: string | null;
    decidedBy: string;
    at: string;
  };
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
    /** The report's reason: the rule the warning or removal notice names (issue 43). */
    reason: string;
  };
  // ── rooms ──
  /**
   * A focus block ended (issue 39), in a room or on its own (the solo timer), with its verified
   * minutes; it belongs to the Brasília day of its start.
   */
  'rooms.blockEnded': {
    userId: string;
    blockId: string;
    startedAt: string;
    endedAt: string;
    verifiedMinutes: number;
  };
  // ── simulados ──
  /** A simulado was published: the group's current members (`audience`) hear of it. */
  'simulado.published': {
    simuladoId: string;
    groupId: string;
    groupName: string;
    title: string;
    publishedBy: string;
    closesAt: string;
    audience: string[];
  };
  /**
   * A published simulado's window closed (claimed once by the sweep): its participants hear that
   * their result and the ranking are out, its creator that the class results are.
   */
  'simulado.resultsReleased': {
    simuladoId: string;
    groupId: string;
    title: string;
    createdBy: string;
    participantIds: string[];
  };
  // ── study ──
  /** A study session recorded, in its transaction, with the streak of days it makes. */
  'study.sessionRecorded': {
    userId: string;
    /** Days in a row with study (a session, an answer, a review) up to the session's day. */
    studyStreak: number;
  };
  // ── teaching ──
  /** A new 'Aviso' in a group: everyone in it but its author (`audience`, when it was posted) hears it. */
  'teaching.announcementPosted': {
    announcementId: string;
    groupId: string;
    groupName: string;
    authorId: string;
    content: string;
    audience: string[];
  };
  /** A live class starts within 15 minutes (claimed once): everyone in the group but its creator. */
  'teaching.classReminderDue': {
    classId: string;
    groupId: string;
    groupName: string;
    createdBy: string;
    title: string;
    meetingUrl: string;
    audience: string[];
  };
  /** A live class was scheduled: everyone in the group but its creator hears of it. */
  'teaching.classScheduled': {
    classId: string;
    groupId: string;
    groupName: string;
    createdBy: string;
    title: string;
    startsAt: string;
    audience: string[];
  };
  /** The owner or a co-teacher removed a member, with a reason (and the refund, in cents, if any). */
  'teaching.memberRemoved': {
    groupId: string;
    groupName: string;
    userId: string;
    removedBy: string;
    reason: string;
    refundAmount: number | null;
  };
  /** The owner refunded a payment from 'Receitas': its buyer hears of it. */
  'teaching.paymentRefunded': {
    paymentId: string;
    groupId: string;
    groupName: string;
    userId: string;
    refundedBy: string;
    /** In cents. */
    amount: number;
  };
  /** A paid membership ends within 7 days (claimed once per end): its member is reminded to renew. */
  'teaching.renewalDue': {
    membershipId: string;
    groupId: string;
    groupName: string;
    userId: string;
    accessEndsAt: string;
  };
  /** The owner added a co-teacher to the group: the new co-teacher hears of it. */
  'teaching.teacherAdded': {
    groupId: string;
    groupName: string;
    teacherId: string;
    addedBy: string;
    addedByName: string;
  };
  // ── users ──
  /**
   * Issue 43: a new avatar was stored under `key` (`uploads/avatars/…`) for `userId`: the image check
   * looks at it like any upload (media); a sensitive or blocked one leaves the profile.
   */
  'user.avatarStored': { userId: string; key: string; at: string };
  /**
   * Issue 37: the avatar stored under `key` was replaced or removed by `userId`: its address answers
   * 404 from the commit on and the `media.remove-files` job deletes the file (media).
   */
  'user.avatarDropped': { userId: string; key: string; at: string };
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
  /** A reader reported an error in a bank question (issue 40): its author is told. */
  'question.reported': {
    reportId: string;
    postId: string;
    questionIndex: number;
    reason: 'gabarito_errado' | 'enunciado_com_erro' | 'desatualizada' | 'outro';
    reporterId: string;
    reporterName: string;
    questionAuthorId: string;
  };
  /**
   * Its author or an admin (`actorId`) corrected a bank question's key (every answer re-graded) or
   * marked it anulada / desatualizada, in that transaction; `reporterIds` had open reports on it,
   * now closed, and are told the outcome.
   */
  'question.reviewed': {
    postId: string;
    questionIndex: number;
    outcome: 'key_corrected' | 'anulada' | 'desatualizada';
    correctAnswer: number;
    actorId: string;
    reporterIds: string[];
  };
}

export type DomainEventName = keyof DomainEvents;
