// Each rule of the policy surface as a table of cases: who asks, about whom, their relation, and the
// expected answer. The rules are pure functions over facts; the queries that load the facts are
// exercised by relations.test.ts and by every feature's integration tests.
import {
  BLOCK_MESSAGES,
  CHAT_MESSAGES,
  IMPORT_MESSAGES,
  type MediaSensitivity,
  MINORS_ERROR_CODES,
  MINORS_MESSAGES,
  ROOM_MESSAGES,
  type UserType,
} from '@estudai/contract';
import { describe, expect, it } from 'vitest';
import type { AgeBand } from '../lib/ages.ts';
import { type BlockedAction, blockRefusal } from './blocks.ts';
import { type ChatFacts, chatAccess, firstContactFor, messageHeldFor } from './chat.ts';
import { type DeckFacts, deckShareRefusal, deckVisibleTo } from './decks.ts';
import {
  type EssayGraderFacts,
  type EssayScoresFacts,
  essayReadableBy,
  essayScoresReadableBy,
  mayGradeEssay,
} from './essays.ts';
import {
  type CardFileFacts,
  cardFileServed,
  type EssayFileFacts,
  essayFileServed,
  type ImageViewer,
  imageShownTo,
  imageViewer,
  type PostFileFacts,
  postFileServed,
  type ResolutionFileFacts,
  resolutionFileServed,
  shownImage,
} from './files.ts';
import { type GroupAction, type GroupFacts, groupCan } from './groups.ts';
import { defaultsOnFor, foldedFor, hiddenWordsChangeRefusal } from './hidden-words.ts';
import { canExportGroupQuestions, importRefusal } from './imports.ts';
import { guardianInviteClosed, minorRefusal, protectedModeFor } from './minors.ts';
import {
  type AppealFacts,
  appealRefusal,
  isModerator,
  mayDecideAppeal,
  postingLimitedUntil,
} from './moderation.ts';
import {
  type ProfileFacts,
  type ProfileSurface,
  profileSeenInFull,
  profileSurfaceShown,
} from './profiles.ts';
import { type QuestionKeyFacts, questionKeyAccess, questionReportAccess } from './question-keys.ts';
import {
  isTeacherAuthor,
  mayAcceptResolution,
  type ResolutionFacts,
  resolutionAccess,
} from './resolutions.ts';
import {
  type FriendStreakFacts,
  friendStreakRefusal,
  inLeagueOf,
  type LeagueFacts,
  type RoomFacts,
  type RoomInviteFacts,
  roomAppearance,
  roomInviteRefusal,
  roomRefusal,
} from './rooms.ts';
import {
  type ClassResultsFacts,
  type ClassResultsRefusal,
  classParticipantNameShown,
  classResultsRefusal,
  type PaperEntryFacts,
  type PaperEntryRefusal,
  paperEntryRefusal,
  personalSimuladoVisible,
} from './simulados.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
const LATER = new Date('2026-12-28T12:00:00Z');
const EARLIER = new Date('2026-10-28T12:00:00Z');

describe('groups: who reads, manages and administers a group', () => {
  const stranger: GroupFacts = { isOwner: false, isTeacher: false, membership: null };
  const member: GroupFacts = { ...stranger, membership: { status: 'active', expiresAt: null } };
  const cases: [string, GroupFacts, Record<GroupAction, boolean>][] = [
    ['the owner', { ...stranger, isOwner: true }, { readContent: true, manage: true, administer: true }],
    [
      'a co-teacher',
      { ...stranger, isTeacher: true },
      { readContent: true, manage: true, administer: false },
    ],
    ['a lifetime member', member, { readContent: true, manage: false, administer: false }],
    [
      'a member paid until next month',
      { ...stranger, membership: { status: 'active', expiresAt: LATER } },
      { readContent: true, manage: false, administer: false },
    ],
    [
      'a member whose access ended',
      { ...stranger, membership: { status: 'active', expiresAt: EARLIER } },
      { readContent: false, manage: false, administer: false },
    ],
    [
      'a member ending exactly now',
      { ...stranger, membership: { status: 'active', expiresAt: NOW } },
      { readContent: false, manage: false, administer: false },
    ],
    [
      'a member who left (or was removed)',
      { ...stranger, membership: { status: 'left', expiresAt: null } },
      { readContent: false, manage: false, administer: false },
    ],
    ['a stranger', stranger, { readContent: false, manage: false, administer: false }],
  ];
  it.each(cases)('%s', (_who, facts, expected) => {
    for (const action of Object.keys(expected) as GroupAction[]) {
      expect([action, groupCan(facts, action, NOW)]).toEqual([action, expected[action]]);
    }
  });
});

describe('blocks: following or messaging across a block', () => {
  const cases: [string, { viewerBlocked: boolean; blockedViewer: boolean }, BlockedAction, string | null][] =
    [
      ['no block, follow', { viewerBlocked: false, blockedViewer: false }, 'follow', null],
      ['no block, message', { viewerBlocked: false, blockedViewer: false }, 'message', null],
      [
        'I blocked them, follow',
        { viewerBlocked: true, blockedViewer: false },
        'follow',
        BLOCK_MESSAGES.followYouBlocked,
      ],
      [
        'I blocked them, message',
        { viewerBlocked: true, blockedViewer: false },
        'message',
        BLOCK_MESSAGES.messageYouBlocked,
      ],
      [
        'they blocked me, follow',
        { viewerBlocked: false, blockedViewer: true },
        'follow',
        BLOCK_MESSAGES.followRefused,
      ],
      [
        'they blocked me, message',
        { viewerBlocked: false, blockedViewer: true },
        'message',
        BLOCK_MESSAGES.messageRefused,
      ],
      ['no block, connection request', { viewerBlocked: false, blockedViewer: false }, 'connect', null],
      [
        'I blocked them, connection request',
        { viewerBlocked: true, blockedViewer: false },
        'connect',
        BLOCK_MESSAGES.connectYouBlocked,
      ],
      [
        'they blocked me, connection request',
        { viewerBlocked: false, blockedViewer: true },
        'connect',
        BLOCK_MESSAGES.connectRefused,
      ],
      [
        'both blocked, follow: told to unblock first',
        { viewerBlocked: true, blockedViewer: true },
        'follow',
        BLOCK_MESSAGES.followYouBlocked,
      ],
    ];
  it.each(cases)('%s', (_case, facts, action, expected) => {
    expect(blockRefusal(facts, action)).toBe(expected);
  });
});

describe('minors: modo protegido, chat and paid groups', () => {
  const protectedCases: [AgeBand, 'none' | 'pending' | 'active', boolean][] = [
    ['adult', 'none', false],
    ['unknown', 'none', false],
    ['teen', 'none', false],
    ['teen', 'active', false],
    ['child', 'none', true],
    ['child', 'pending', true],
    ['child', 'active', false],
  ];
  it.each(protectedCases)('a %s with supervision %s: protected mode %s', (band, supervision, expected) => {
    expect(protectedModeFor(band, supervision)).toBe(expected);
  });

  const birthDate = { message: MINORS_MESSAGES.birthDateNeeded, code: MINORS_ERROR_CODES.birthDateRequired };
  const protectedMode = (message: string) => ({ message, code: MINORS_ERROR_CODES.protectedMode });
  const refusalCases: [
    string,
    { band: AgeBand; protectedMode: boolean },
    'chat' | 'chatWith' | 'joinPaid',
    unknown,
  ][] = [
    ['an adult chats', { band: 'adult', protectedMode: false }, 'chat', null],
    ['an adult joins a paid group', { band: 'adult', protectedMode: false }, 'joinPaid', null],
    ['an unknown age chats', { band: 'unknown', protectedMode: false }, 'chat', birthDate],
    ['someone writes to an unknown age', { band: 'unknown', protectedMode: false }, 'chatWith', null],
    ['an unknown age joins a paid group', { band: 'unknown', protectedMode: false }, 'joinPaid', birthDate],
    [
      'a protected child chats',
      { band: 'child', protectedMode: true },
      'chat',
      protectedMode(MINORS_MESSAGES.protectedChat),
    ],
    [
      'someone writes to a protected child',
      { band: 'child', protectedMode: true },
      'chatWith',
      protectedMode(MINORS_MESSAGES.partnerProtected),
    ],
    [
      'a protected child joins a paid group',
      { band: 'child', protectedMode: true },
      'joinPaid',
      protectedMode(MINORS_MESSAGES.protectedPaid),
    ],
    ['a supervised child chats', { band: 'child', protectedMode: false }, 'chat', null],
    ['a teen joins a paid group', { band: 'teen', protectedMode: false }, 'joinPaid', null],
  ];
  it.each(refusalCases)('%s', (_case, status, action, expected) => {
    expect(minorRefusal(status, action)).toEqual(expected);
  });

  // Issue 36: a teen's invitation opens a guardian's sign-up, page and confirmation only while open;
  // what it shows the link's holder is the teen's first name and photo (guardian-signup.test.ts).
  const now = new Date('2026-11-29T12:00:00Z');
  const later = new Date('2026-12-06T12:00:00Z');
  const earlier = new Date('2026-11-28T12:00:00Z');
  const inviteCases: [string, { status: string; expiresAt: Date }, string | null][] = [
    ['a pending invitation before it expires', { status: 'pending', expiresAt: later }, null],
    [
      'a pending invitation past its expiry',
      { status: 'pending', expiresAt: earlier },
      MINORS_MESSAGES.inviteExpired,
    ],
    ['an invitation already confirmed', { status: 'active', expiresAt: later }, MINORS_MESSAGES.inviteUsed],
    ['an invitation the teen revoked', { status: 'revoked', expiresAt: later }, MINORS_MESSAGES.inviteUsed],
    [
      'an invitation a newer one replaced',
      { status: 'replaced', expiresAt: later },
      MINORS_MESSAGES.inviteExpired,
    ],
  ];
  it.each(inviteCases)('%s', (_case, link, expected) => {
    const problem = guardianInviteClosed(link, now);
    expect(problem ? { status: problem.statusCode, message: problem.message } : null).toEqual(
      expected ? { status: 410, message: expected } : null,
    );
  });
});

describe('profiles: who sees a profile in full', () => {
  const base: ProfileFacts = {
    visibility: 'followers',
    isSelf: false,
    follows: false,
    viewerIsAdmin: false,
    viewerIsGuardian: false,
    blocked: false,
  };
  const cases: [string, Partial<ProfileFacts>, boolean][] = [
    ['a stranger, public profile', { visibility: 'public' }, true],
    ['a stranger, followers-only profile', {}, false],
    ['an approved follower, followers-only profile', { follows: true }, true],
    ['the person themself', { isSelf: true }, true],
    ['an admin', { viewerIsAdmin: true }, true],
    ["the minor's guardian", { viewerIsGuardian: true }, true],
    ['a follower across a block', { follows: true, blocked: true }, false],
    ['a stranger across a block, public profile', { visibility: 'public', blocked: true }, false],
    ['an admin across a block', { viewerIsAdmin: true, blocked: true }, false],
  ];
  it.each(cases)('%s', (_case, facts, expected) => {
    expect(profileSeenInFull({ ...base, ...facts })).toBe(expected);
  });
});

describe("a profile's parts: posts, study statistics, followers and following lists (issue 37)", () => {
  // Who asks, about whom, their relation, and whether each part is shown. About whom: a
  // followers-only minor (the default of every minor) or a public adult.
  const minor: ProfileFacts = {
    visibility: 'followers',
    isSelf: false,
    follows: false,
    viewerIsAdmin: false,
    viewerIsGuardian: false,
    blocked: false,
  };
  const adult: ProfileFacts = { ...minor, visibility: 'public' };
  const surfaces: ProfileSurface[] = ['posts', 'studyStats', 'followLists'];
  const cases: [string, string, ProfileFacts, boolean][] = [
    ['an adult stranger', 'a followers-only minor', minor, false],
    ['an approved follower', 'a followers-only minor', { ...minor, follows: true }, true],
    ["the minor's guardian", 'a followers-only minor', { ...minor, viewerIsGuardian: true }, true],
    ['the minor', 'themself', { ...minor, isSelf: true }, true],
    ['an admin', 'a followers-only minor', { ...minor, viewerIsAdmin: true }, true],
    [
      'a follower the minor blocked',
      'a followers-only minor',
      { ...minor, follows: true, blocked: true },
      false,
    ],
    [
      'a guardian across a block',
      'a followers-only minor',
      { ...minor, viewerIsGuardian: true, blocked: true },
      false,
    ],
    ['a stranger', 'a public adult', adult, true],
    ['someone they blocked (or who blocked them)', 'a public adult', { ...adult, blocked: true }, false],
  ];
  it.each(cases)('%s asking about %s', (_who, _whom, facts, expected) => {
    for (const surface of surfaces) {
      expect([surface, profileSurfaceShown(facts, surface)]).toEqual([surface, expected]);
    }
  });
});

describe("a post's files (photos, PDFs) at /media/ (issue 37)", () => {
  const base: PostFileFacts = {
    heldByPost: true,
    postVisible: false,
    viewerIsAdmin: false,
    upload: { viewerIsUploader: false, removed: false },
    imageShown: true,
  };
  const fresh = { ...base, heldByPost: false };
  const cases: [string, string, PostFileFacts, boolean][] = [
    ['a current member', "a members-only group's photo", { ...base, postVisible: true }, true],
    ['a removed member', "a members-only group's photo", base, false],
    ['anyone with the address, signed out', "a members-only group's photo", base, false],
    ['an adult stranger', "a followers-only minor's photo", base, false],
    ['an approved follower', "a followers-only minor's photo", { ...base, postVisible: true }, true],
    ['someone across a block', "a public adult's photo", base, false],
    ['an admin judging a report', 'a hidden post’s photo', { ...base, viewerIsAdmin: true }, true],
    [
      'its uploader, composing',
      'a fresh upload no post holds yet',
      { ...fresh, upload: { viewerIsUploader: true, removed: false } },
      true,
    ],
    ['anyone else with the address', 'a fresh upload no post holds yet', fresh, false],
    [
      'its author',
      'the photo of a deleted post',
      { ...fresh, upload: { viewerIsUploader: true, removed: true } },
      false,
    ],
    [
      'a member who saw it',
      'the photo of a deleted post',
      { ...base, postVisible: true, upload: { viewerIsUploader: false, removed: true } },
      false,
    ],
    ['anyone', 'a file uploaded before the records, in no post', { ...fresh, upload: null }, true],
    [
      'a follower the image rule refuses (a minor, a sensitive photo)',
      'a visible post’s photo',
      { ...base, postVisible: true, imageShown: false },
      false,
    ],
  ];
  it.each(cases)('%s, %s', (_who, _what, facts, expected) => {
    expect(postFileServed(facts)).toBe(expected);
  });
});

describe('resolution images (issue 40): /media/resolutions/, read as the resolution is (no key before an answer)', () => {
  const stranger: ResolutionFileFacts = {
    upload: { viewerIsUploader: false, removed: false },
    imageShown: true,
    viewerIsAdmin: false,
    resolutionReadable: false,
  };
  const cases: [string, ResolutionFileFacts, boolean][] = [
    ['who has not answered the question (or cannot see it, or is signed out)', stranger, false],
    [
      'who answered the question it resolves (or wrote the question)',
      { ...stranger, resolutionReadable: true },
      true,
    ],
    ['its uploader', { ...stranger, upload: { viewerIsUploader: true, removed: false } }, true],
    ['an admin', { ...stranger, viewerIsAdmin: true }, true],
    [
      'a minor who answered, a sensitive image',
      { ...stranger, resolutionReadable: true, imageShown: false },
      false,
    ],
    [
      'who answered, a removed upload',
      { ...stranger, resolutionReadable: true, upload: { viewerIsUploader: false, removed: true } },
      false,
    ],
    [
      'who answered, a file with no upload record',
      { ...stranger, resolutionReadable: true, upload: null },
      false,
    ],
  ];
  it.each(cases)('%s', (_who, facts, expected) => {
    expect(resolutionFileServed(facts)).toBe(expected);
  });
});

describe("essay images (issue 38): a page's photo or a motivating image at /media/essays/ (can an adult stranger reach a teen's page? no)", () => {
  const stranger: EssayFileFacts = {
    upload: { viewerIsUploader: false, removed: false },
    imageShown: true,
    viewerIsAdmin: false,
    essayReadable: false,
    promptReadable: false,
  };
  const cases: [string, EssayFileFacts, boolean][] = [
    ['a stranger (an adult, a signed-out visitor), a page', stranger, false],
    ['its author (the uploader)', { ...stranger, upload: { viewerIsUploader: true, removed: false } }, true],
    [
      'a grader of its essay, or a teacher of the group it was sent to',
      { ...stranger, essayReadable: true },
      true,
    ],
    ['a reader of the proposal, its motivating image', { ...stranger, promptReadable: true }, true],
    ['an admin', { ...stranger, viewerIsAdmin: true }, true],
    [
      'a minor grader, a sensitive page (the image rule says no)',
      { ...stranger, essayReadable: true, imageShown: false },
      false,
    ],
    ['its author, once removed', { ...stranger, upload: { viewerIsUploader: true, removed: true } }, false],
    ['anyone, a file with no upload record', { ...stranger, upload: null, essayReadable: true }, false],
  ];
  it.each(cases)('%s', (_who, facts, expected) => {
    expect(essayFileServed(facts)).toBe(expected);
  });
});

describe("flashcard images (issue 42): an imported Anki card's image at /media/cards/ (can an adult stranger reach a teen's deck? no)", () => {
  const stranger: CardFileFacts = {
    upload: { viewerIsUploader: false, removed: false },
    imageShown: true,
    viewerIsAdmin: false,
    deckVisible: false,
  };
  const cases: [string, CardFileFacts, boolean][] = [
    ['a stranger (an adult, a signed-out visitor), a personal deck', stranger, false],
    [
      'the deck’s owner (who imported it)',
      { ...stranger, upload: { viewerIsUploader: true, removed: false } },
      true,
    ],
    ['a member of the group the deck is shared with', { ...stranger, deckVisible: true }, true],
    ['a removed member (the deck out of sight)', { ...stranger, deckVisible: false }, false],
    ['an admin', { ...stranger, viewerIsAdmin: true }, true],
    [
      'a minor member, a sensitive image (the image rule says no)',
      { ...stranger, deckVisible: true, imageShown: false },
      false,
    ],
    [
      'an adult member, a sensitive image (shown, blurred by the client)',
      { ...stranger, deckVisible: true },
      true,
    ],
    [
      'its owner, once the deck was deleted',
      { ...stranger, upload: { viewerIsUploader: true, removed: true } },
      false,
    ],
    ['anyone, a file with no upload record', { ...stranger, upload: null, deckVisible: true }, false],
  ];
  it.each(cases)('%s', (_who, facts, expected) => {
    expect(cardFileServed(facts)).toBe(expected);
  });
});

describe('rooms: who sees and joins a study room', () => {
  const base: RoomFacts = {
    kind: 'public',
    isOwner: false,
    groupAccess: false,
    invited: false,
    present: false,
  };
  const cases: [string, RoomFacts, { view: number | null; join: number | null }][] = [
    ['anyone, a public room', base, { view: null, join: null }],
    [
      'a group member, the group room',
      { ...base, kind: 'group', groupAccess: true },
      { view: null, join: null },
    ],
    ['a stranger, a group room', { ...base, kind: 'group' }, { view: 403, join: 403 }],
    ['the owner, a private room', { ...base, kind: 'private', isOwner: true }, { view: null, join: null }],
    ['an invitee, a private room', { ...base, kind: 'private', invited: true }, { view: null, join: null }],
    [
      'someone already in it, invitation expired',
      { ...base, kind: 'private', present: true },
      { view: null, join: null },
    ],
    ['a stranger (adult or minor), a private room', { ...base, kind: 'private' }, { view: 404, join: 403 }],
  ];
  it.each(cases)('%s', (_case, facts, expected) => {
    expect({
      view: roomRefusal(facts, 'view')?.status ?? null,
      join: roomRefusal(facts, 'join')?.status ?? null,
    }).toEqual(expected);
  });
});

describe('rooms: whom a private room invites (can an adult stranger reach a minor? no)', () => {
  const base: RoomInviteFacts = {
    kind: 'private',
    inviterIsOwner: true,
    self: false,
    blocked: false,
    mutualFollowers: true,
    inviteeIsMinor: false,
    inviterIsMinor: false,
    inviterTeachesInvitee: false,
  };
  const cases: [string, RoomInviteFacts, string | null][] = [
    ['an adult invites a mutual adult follower', base, null],
    [
      'an adult invites an adult who is not a mutual follower',
      { ...base, mutualFollowers: false },
      ROOM_MESSAGES.inviteMutualOnly,
    ],
    [
      'an adult invites a minor who follows them back',
      { ...base, inviteeIsMinor: true },
      ROOM_MESSAGES.inviteMinorForbidden,
    ],
    [
      'an adult stranger invites a minor',
      { ...base, inviteeIsMinor: true, mutualFollowers: false },
      ROOM_MESSAGES.inviteMinorForbidden,
    ],
    [
      "a teacher of the minor's group invites them",
      { ...base, inviteeIsMinor: true, mutualFollowers: false, inviterTeachesInvitee: true },
      null,
    ],
    [
      'a minor invites a minor, mutual followers',
      { ...base, inviteeIsMinor: true, inviterIsMinor: true },
      null,
    ],
    [
      'a minor invites a minor, not mutual',
      { ...base, inviteeIsMinor: true, inviterIsMinor: true, mutualFollowers: false },
      ROOM_MESSAGES.inviteMutualOnly,
    ],
    ['someone who is not the owner', { ...base, inviterIsOwner: false }, ROOM_MESSAGES.inviteOwnerOnly],
    ['into a public room', { ...base, kind: 'public' }, ROOM_MESSAGES.inviteOnlyPrivate],
    ['oneself', { ...base, self: true }, ROOM_MESSAGES.inviteSelf],
    ['across a block', { ...base, blocked: true }, ROOM_MESSAGES.userNotFound],
  ];
  it.each(cases)('%s', (_case, facts, expected) => {
    expect(roomInviteRefusal(facts)?.message ?? null).toBe(expected);
  });
});

describe('rooms: how a person appears in a room', () => {
  const cases: [string, Parameters<typeof roomAppearance>[0], ReturnType<typeof roomAppearance>][] = [
    [
      'an adult in a public room',
      { kind: 'public', isMinor: false, invisible: false, isViewer: false },
      'full',
    ],
    [
      'a minor in a public room, to an adult stranger',
      { kind: 'public', isMinor: true, invisible: false, isViewer: false },
      'firstNameOnly',
    ],
    [
      'a minor in a public room, to herself',
      { kind: 'public', isMinor: true, invisible: false, isViewer: true },
      'full',
    ],
    [
      "a minor in her group's room",
      { kind: 'group', isMinor: true, invisible: false, isViewer: false },
      'full',
    ],
    [
      "someone 'estudando invisível', to others",
      { kind: 'group', isMinor: false, invisible: true, isViewer: false },
      'hidden',
    ],
    [
      "someone 'estudando invisível', to themselves",
      { kind: 'public', isMinor: false, invisible: true, isViewer: true },
      'full',
    ],
  ];
  it.each(cases)('%s', (_case, facts, expected) => {
    expect(roomAppearance(facts)).toBe(expected);
  });
});

describe('rooms: friend streaks', () => {
  const base: FriendStreakFacts = {
    self: false,
    blocked: false,
    mutualFollowers: true,
    exists: false,
    requesterCount: 0,
    addresseeCount: 0,
    max: 5,
  };
  const cases: [string, FriendStreakFacts, number | null][] = [
    ['mutual followers', base, null],
    ['not mutual followers (an adult stranger and a minor too)', { ...base, mutualFollowers: false }, 403],
    ['a sixth for the requester', { ...base, requesterCount: 5 }, 409],
    ['a sixth for the other', { ...base, addresseeCount: 5 }, 409],
    ['a pair that already has one', { ...base, exists: true }, 409],
    ['oneself', { ...base, self: true }, 400],
    ['across a block', { ...base, blocked: true }, 404],
  ];
  it.each(cases)('%s', (_case, facts, expected) => {
    expect(friendStreakRefusal(facts)?.status ?? null).toBe(expected);
  });
});

describe("rooms: whose week counts in someone's league", () => {
  const base: LeagueFacts = {
    isSelf: false,
    blocked: false,
    viewerFollows: false,
    followsViewer: false,
    groupmateOptedIn: false,
    isMinor: false,
  };
  const cases: [string, LeagueFacts, boolean][] = [
    ['oneself', { ...base, isSelf: true }, true],
    ['an adult one follows', { ...base, viewerFollows: true }, true],
    [
      'a minor one follows who does not follow back (an adult stranger)',
      { ...base, viewerFollows: true, isMinor: true },
      false,
    ],
    ['a minor, mutual followers', { ...base, viewerFollows: true, followsViewer: true, isMinor: true }, true],
    ['a groupmate who opted in (minor too)', { ...base, groupmateOptedIn: true, isMinor: true }, true],
    ['someone one does not follow', base, false],
    ['someone one follows, across a block', { ...base, viewerFollows: true, blocked: true }, false],
  ];
  it.each(cases)('%s', (_case, facts, expected) => {
    expect(inLeagueOf(facts)).toBe(expected);
  });
});

describe("essays: who grades a community essay (can an adult stranger reach a minor's text? no)", () => {
  const adultPeer: EssayGraderFacts = { graderIsMinor: false, graderIsVerifiedTeacher: false };
  const minorPeer: EssayGraderFacts = { graderIsMinor: true, graderIsVerifiedTeacher: false };
  const verifiedTeacher: EssayGraderFacts = { graderIsMinor: false, graderIsVerifiedTeacher: true };
  const cases: [string, EssayGraderFacts, { adultAuthor: boolean; minorAuthor: boolean }][] = [
    ['an adult peer (a stranger)', adultPeer, { adultAuthor: true, minorAuthor: false }],
    ['a minor peer', minorPeer, { adultAuthor: true, minorAuthor: true }],
    ['a verified teacher', verifiedTeacher, { adultAuthor: true, minorAuthor: true }],
  ];
  it.each(cases)('%s', (_who, facts, expected) => {
    expect({
      adultAuthor: mayGradeEssay(facts, { authorIsMinor: false }),
      minorAuthor: mayGradeEssay(facts, { authorIsMinor: true }),
    }).toEqual(expected);
  });

  const reads: [string, Parameters<typeof essayReadableBy>[0], boolean][] = [
    ['its author', { isAuthor: true, isGroupTeacher: false, isAdmin: false }, true],
    [
      'a teacher of the group it was sent to',
      { isAuthor: false, isGroupTeacher: true, isAdmin: false },
      true,
    ],
    ['an admin', { isAuthor: false, isGroupTeacher: false, isAdmin: true }, true],
    [
      'anyone else (a grader reads it only through the assignment)',
      { isAuthor: false, isGroupTeacher: false, isAdmin: false },
      false,
    ],
  ];
  it.each(reads)('reading an essay: %s', (_who, facts, expected) => {
    expect(essayReadableBy(facts)).toBe(expected);
  });
});

describe("essays: who reads a person's essay scores (the guardian's dashboard; can an adult stranger see a teen's scores? no)", () => {
  const cases: [string, EssayScoresFacts, boolean][] = [
    ['the author', { isAuthor: true, isActiveGuardianOfAuthor: false }, true],
    ["the author's active guardian", { isAuthor: false, isActiveGuardianOfAuthor: true }, true],
    [
      'an adult stranger (or a former guardian, whose link ended)',
      { isAuthor: false, isActiveGuardianOfAuthor: false },
      false,
    ],
  ];
  it.each(cases)('%s', (_who, facts, expected) => {
    expect(essayScoresReadableBy(facts)).toBe(expected);
  });
});

describe('resolutions: who reads, writes and votes, and who marks the best one', () => {
  const cases: [string, ResolutionFacts, ReturnType<typeof resolutionAccess>][] = [
    ['a viewer who answered', { questionVisible: true, answered: true, isQuestionAuthor: false }, 'ok'],
    ['the question’s author', { questionVisible: true, answered: false, isQuestionAuthor: true }, 'ok'],
    [
      'a viewer who has not answered',
      { questionVisible: true, answered: false, isQuestionAuthor: false },
      'answer_first',
    ],
    [
      'an adult stranger on a minor’s followers-only or group question they cannot see',
      { questionVisible: false, answered: false, isQuestionAuthor: false },
      'not_found',
    ],
    [
      'someone who answered before losing sight of it (a group left, a block)',
      { questionVisible: false, answered: true, isQuestionAuthor: false },
      'not_found',
    ],
  ];
  it.each(cases)('%s', (_case, facts, expected) => {
    expect(resolutionAccess(facts)).toBe(expected);
  });

  const acceptCases: [string, boolean, UserType, boolean, boolean][] = [
    ['a student on their own question', true, 'aluno', false, true],
    ['a student on someone else’s question', false, 'aluno', true, false],
    ['a verified professor on anyone’s question', false, 'professor', true, true],
    ['a verified tutor', false, 'tutor', true, true],
    ['an unverified professor', false, 'professor', false, false],
  ];
  it.each(acceptCases)('%s', (_case, isQuestionAuthor, userType, isVerified, expected) => {
    expect(mayAcceptResolution({ isQuestionAuthor, viewer: { userType, isVerified } })).toBe(expected);
    expect(isTeacherAuthor({ userType, isVerified })).toBe(isVerified && userType !== 'aluno');
  });
});

describe("paper simulados: who types a student's answer sheet (can an adult stranger reach a minor? no)", () => {
  const guest = { kind: 'guest' } as const;
  const member = { kind: 'member', isCurrentMember: true, hasAttempt: false } as const;
  const organizer = { canManage: true, published: true };
  const cases: [string, PaperEntryFacts, PaperEntryRefusal][] = [
    ["the organizer, for a member's sheet", { ...organizer, target: member }, null],
    ["the organizer, for a guest's sheet", { ...organizer, target: guest }, null],
    [
      'the organizer, for a member with an attempt already',
      { ...organizer, target: { ...member, hasAttempt: true } },
      'attemptExists',
    ],
    [
      'the organizer, for someone outside the group (a stranger, a minor elsewhere, one who left)',
      { ...organizer, target: { ...member, isCurrentMember: false } },
      'notMember',
    ],
    ['the organizer, on a draft', { ...organizer, published: false, target: guest }, 'notPublished'],
    ['a member, for themselves', { canManage: false, published: true, target: member }, 'forbidden'],
    ['a member, for a guest', { canManage: false, published: true, target: guest }, 'forbidden'],
  ];
  it.each(cases)('%s', (_who, facts, expected) => {
    expect(paperEntryRefusal(facts)).toBe(expected);
  });
});

describe("a simulado's class results (issue 36; can an adult stranger reach a minor? no)", () => {
  const nobody = { isOwner: false, isTeacher: false, isAdmin: false };
  const closed = { published: true, closed: true };
  const cases: [string, ClassResultsFacts, ClassResultsRefusal][] = [
    ['the owner, after the close', { ...nobody, isOwner: true, ...closed }, null],
    ['a co-teacher, after the close', { ...nobody, isTeacher: true, ...closed }, null],
    ['an admin, after the close', { ...nobody, isAdmin: true, ...closed }, null],
    ['the owner, before the close', { ...nobody, isOwner: true, published: true, closed: false }, 'notReady'],
    ['the owner, on a draft', { ...nobody, isOwner: true, published: false, closed: true }, 'notReady'],
    ['a member who took it, after the close', { ...nobody, ...closed }, 'notFound'],
    ['a stranger, before the close', { ...nobody, published: true, closed: false }, 'notFound'],
  ];
  it.each(cases)('%s', (_who, facts, expected) => {
    expect(classResultsRefusal(facts)).toBe(expected);
  });

  const nameCases: [string, boolean, boolean, boolean][] = [
    ["the owner, an adult's name", true, false, true],
    ["the owner, a minor's name", true, true, true],
    ["a co-teacher or an admin, an adult's name", false, false, true],
    ["a co-teacher or an admin, a minor's name", false, true, false],
  ];
  it.each(nameCases)('%s', (_who, viewerIsOwner, participantIsMinor, expected) => {
    expect(classParticipantNameShown({ viewerIsOwner, participantIsMinor })).toBe(expected);
  });
});

describe("a student's own simulado ('Monte seu simulado', issue 36; can an adult stranger reach a minor? no)", () => {
  const cases: [string, boolean, boolean][] = [
    ['its creator', true, true],
    ['anyone else (an admin, a teacher, a guardian, an adult stranger)', false, false],
  ];
  it.each(cases)('%s', (_who, isCreator, expected) => {
    expect(personalSimuladoVisible({ isCreator })).toBe(expected);
  });
});

describe("moderation (issue 43): the queue, appeals and a strike's limit", () => {
  // Can an adult stranger reach a minor here? No: an action and its appeal are the person's and the
  // moderators' only; someone else's action answers 404.
  const moderatorCases: [UserType, boolean][] = [
    ['admin', true],
    ['professor', false],
    ['mentor', false],
    ['tutor', false],
    ['aluno', false],
  ];
  it.each(moderatorCases)('a %s moderates: %s', (userType, expected) => {
    expect(isModerator({ userType })).toBe(expected);
  });

  const fresh: AppealFacts = { actionUserId: 'ana', reversed: false, appealed: false };
  const appealCases: [string, string, AppealFacts, ReturnType<typeof appealRefusal>][] = [
    ['the person acted against, first time', 'ana', fresh, null],
    ['someone else (an adult stranger, a guardian, a moderator)', 'bruno', fresh, 'not_found'],
    ['the person, a second time', 'ana', { ...fresh, appealed: true }, 'twice'],
    ['the person, after it was reversed', 'ana', { ...fresh, reversed: true }, 'reversed'],
    ['someone else, even once reversed', 'bruno', { ...fresh, reversed: true, appealed: true }, 'not_found'],
  ];
  it.each(appealCases)('appealing: %s', (_who, viewerId, facts, expected) => {
    expect(appealRefusal(viewerId, facts)).toBe(expected);
  });

  const decideCases: [string, { id: string; userType: UserType }, string | null, boolean][] = [
    ['another moderator', { id: 'm2', userType: 'admin' }, 'm1', true],
    ['the moderator who acted', { id: 'm1', userType: 'admin' }, 'm1', false],
    ['any moderator, for an automatic action', { id: 'm1', userType: 'admin' }, null, true],
    ['a professor', { id: 'p', userType: 'professor' }, 'm1', false],
    ['a student, for an automatic action', { id: 'a', userType: 'aluno' }, null, false],
  ];
  it.each(decideCases)('deciding an appeal: %s', (_who, decider, actingModeratorId, expected) => {
    expect(mayDecideAppeal(decider, actingModeratorId)).toBe(expected);
  });

  const limitCases: [string, Date | null, Date | null][] = [
    ['never limited', null, null],
    ['limited until later', LATER, LATER],
    ['a limit that ran out', EARLIER, null],
    ['a limit ending right now', NOW, null],
  ];
  it.each(limitCases)('posting and messaging: %s', (_case, limitedUntil, expected) => {
    expect(postingLimitedUntil({ limitedUntil }, NOW)).toEqual(expected);
  });
});

describe('chat: who may write to whom (can an adult stranger reach a minor? no)', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const adult = { birthDate: '1990-05-01', allowAdultChat: true, guardianLink: null };
  const teen = { birthDate: '2009-05-01', allowAdultChat: true, guardianLink: null };
  const child = { birthDate: '2012-05-01', allowAdultChat: true, guardianLink: null };
  const unknownAge = { birthDate: null, allowAdultChat: true, guardianLink: null };
  type Party = Omit<NonNullable<ChatFacts['me']>, 'id'>;
  const facts = (me: Party | null, other: Party | null, rest: Partial<ChatFacts> = {}): ChatFacts => ({
    me: me && { id: 'me', ...me },
    other: other && { id: 'other', ...other },
    blocks: { viewerBlocked: false, blockedViewer: false },
    mutual: true,
    meOwnsGroupWithOther: false,
    otherOwnsGroupWithMe: false,
    ...rest,
  });
  const refusal = (message: string) => ({ message });
  const ok = (isMinor: boolean, otherIsMinor: boolean) => ({ isMinor, otherIsMinor });
  const cases: [string, ChatFacts, boolean, unknown][] = [
    ['two adults who follow each other start', facts(adult, adult), true, ok(false, false)],
    [
      'two adults start without following each other',
      facts(adult, adult, { mutual: false }),
      true,
      refusal(CHAT_MESSAGES.mutualOnly),
    ],
    ['two adults go on after an unfollow', facts(adult, adult, { mutual: false }), false, ok(false, false)],
    ['someone gone', facts(adult, null), false, refusal(CHAT_MESSAGES.userNotFound)],
    [
      'the sender blocked the other',
      facts(adult, adult, { blocks: { viewerBlocked: true, blockedViewer: false } }),
      false,
      refusal(BLOCK_MESSAGES.messageYouBlocked),
    ],
    [
      'the other blocked the sender',
      facts(adult, adult, { blocks: { viewerBlocked: false, blockedViewer: true } }),
      false,
      refusal(BLOCK_MESSAGES.messageRefused),
    ],
    ['an unknown age writes', facts(unknownAge, adult), false, refusal(MINORS_MESSAGES.birthDateNeeded)],
    ['a child without a guardian writes', facts(child, child), false, refusal(MINORS_MESSAGES.protectedChat)],
    [
      'someone writes to a child whose guardian has not confirmed',
      facts(teen, { ...child, guardianLink: 'pending' }),
      false,
      refusal(MINORS_MESSAGES.partnerProtected),
    ],
    [
      'two supervised children',
      facts({ ...child, guardianLink: 'active' }, { ...child, guardianLink: 'active' }),
      true,
      ok(true, true),
    ],
    ['two teens who follow each other', facts(teen, teen), true, ok(true, true)],
    [
      'an adult stranger writes to a teen (mutual, no group of theirs)',
      facts(adult, teen),
      true,
      refusal(MINORS_MESSAGES.adultChatNeedsGroup),
    ],
    [
      "a teen's group teacher writes to them (mutual, the teen in the adult's group)",
      facts(adult, teen, { meOwnsGroupWithOther: true }),
      false,
      ok(false, true),
    ],
    [
      "the teen owns a group the adult is in: not the teen's teacher",
      facts(adult, teen, { otherOwnsGroupWithMe: true }),
      false,
      refusal(MINORS_MESSAGES.adultChatNeedsGroup),
    ],
    [
      'the group teacher without a mutual follow',
      facts(adult, teen, { meOwnsGroupWithOther: true, mutual: false }),
      false,
      refusal(MINORS_MESSAGES.adultChatNeedsGroup),
    ],
    [
      'a teen who turned adult chat off',
      facts(adult, { ...teen, allowAdultChat: false }, { meOwnsGroupWithOther: true }),
      false,
      refusal(MINORS_MESSAGES.adultChatRefused),
    ],
    [
      'a teen writes to their group teacher',
      facts(teen, adult, { otherOwnsGroupWithMe: true }),
      false,
      ok(true, false),
    ],
  ];
  it.each(cases)('%s', (_case, chatFacts, starting, expected) => {
    const attempt = () => chatAccess(chatFacts, { starting }, now);
    if ('isMinor' in (expected as object)) expect(attempt()).toEqual(expected);
    else expect(attempt).toThrow(expect.objectContaining(expected as object));
  });
});

describe('messageHeldFor (issue 43): an adult asking a minor for contact elsewhere is held', () => {
  it.each([
    // sender minor, recipient minor, contact bait → held
    [false, true, true, true], // the case of the rule: adult → minor, with a phone or an app
    [false, true, false, false], // adult → minor, an ordinary message
    [true, true, true, false], // minor → minor: classmates swap numbers (decision 049)
    [false, false, true, false], // adult → adult is never held
    [true, false, true, false], // minor → adult: nothing is held for adults
  ])(
    'sender minor %s, recipient minor %s, bait %s → held %s',
    (senderIsMinor, recipientIsMinor, hasContactBait, held) => {
      expect(messageHeldFor({ senderIsMinor, recipientIsMinor, hasContactBait })).toBe(held);
    },
  );
});

describe('firstContactFor (issue 43): the safety card opens the first message a minor gets from someone', () => {
  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
    [false, true, false],
  ])('recipient minor %s, sender wrote before %s → card %s', (recipientIsMinor, senderWroteBefore, card) => {
    expect(firstContactFor({ recipientIsMinor, senderWroteBefore })).toBe(card);
  });
});

describe("'Palavras ocultas' (issue 43)", () => {
  it.each([
    [true, false, true],
    [true, true, true],
    [false, false, false],
    [false, true, true],
  ])('defaults for minor %s, chosen %s → on %s', (isMinor, useDefaults, on) => {
    expect(defaultsOnFor({ isMinor, useDefaults })).toBe(on);
  });

  it.each([
    [true, false, 'HIDDEN_WORDS_DEFAULTS_LOCKED'],
    [true, true, null],
    [true, undefined, null],
    [false, false, null],
    [false, true, null],
  ] as const)('a change by minor %s with useDefaults %s → %s', (isMinor, useDefaults, code) => {
    expect(hiddenWordsChangeRefusal({ isMinor, useDefaults })?.code ?? null).toBe(code);
  });

  it("folds someone else's matching text, never the viewer's own", () => {
    const matches = (text: string) => text.includes('chato');
    expect(foldedFor({ viewerId: 'a', authorId: 'b', text: 'que chato' }, matches)).toBe(true);
    expect(foldedFor({ viewerId: 'a', authorId: 'a', text: 'que chato' }, matches)).toBe(false);
    expect(foldedFor({ viewerId: 'a', authorId: 'b', text: 'que legal' }, matches)).toBe(false);
  });
});

describe('imports: who brings questions in and takes them out (issue 42; reaches nobody new)', () => {
  const cases: [string, UserType, { manages: boolean } | null, string | null][] = [
    ['a professor into their own posts', 'professor', null, null],
    ['a mentor into a group they teach', 'mentor', { manages: true }, null],
    ['a tutor into a group they do not teach', 'tutor', { manages: false }, IMPORT_MESSAGES.groupForbidden],
    ['an admin into their own posts', 'admin', null, null],
    ['a student into their own posts', 'aluno', null, IMPORT_MESSAGES.forbidden],
    ['a student into a group they belong to', 'aluno', { manages: false }, IMPORT_MESSAGES.forbidden],
  ];
  it.each(cases)('%s', (_name, userType, group, refusal) => {
    expect(importRefusal({ userType, group })).toBe(refusal);
  });

  const exports: [string, { manages: boolean; isAdmin: boolean }, boolean][] = [
    ['the group’s teacher', { manages: true, isAdmin: false }, true],
    ['an admin', { manages: false, isAdmin: true }, true],
    ['a member (keys shown only after answering)', { manages: false, isAdmin: false }, false],
  ];
  it.each(exports)('exports a group’s questions: %s', (_name, facts, allowed) => {
    expect(canExportGroupQuestions(facts)).toBe(allowed);
  });
});

describe('sensitive images (issue 43): who gets the address of a checked image', () => {
  const adult: ImageViewer = { id: 'adulto', isMinor: false, isAdmin: false };
  const minor: ImageViewer = { id: 'teen', isMinor: true, isAdmin: false };
  const admin: ImageViewer = { id: 'admin', isMinor: false, isAdmin: true };
  const signedOut = imageViewer(null, new Date('2026-11-29T12:00:00Z'));
  const by = (sensitivity: MediaSensitivity, uploaderId: string | null = 'autor') => ({
    sensitivity,
    uploaderId,
  });
  const cases: [string, ImageViewer, ReturnType<typeof by>, boolean][] = [
    ['an adult stranger, an ok image', adult, by('ok'), true],
    ['a minor, an ok image', minor, by('ok'), true],
    ['a minor, an image still being checked (shown blurred)', minor, by('pending'), true],
    ['an adult stranger, a sensitive image (shown blurred)', adult, by('sensitive'), true],
    ['a minor, a sensitive image', minor, by('sensitive'), false],
    ['a signed-out visitor, a sensitive image', signedOut, by('sensitive'), false],
    ['an adult stranger, a blocked image', adult, by('blocked'), false],
    ['a minor, a blocked image', minor, by('blocked'), false],
    ['its uploader, a blocked image', { ...minor, id: 'autor' }, by('blocked'), true],
    ['a minor uploader, a sensitive image of their own', { ...minor, id: 'autor' }, by('sensitive'), true],
    ['a moderator, a blocked image', admin, by('blocked'), true],
    ['a minor, a file from before the records (no uploader known)', minor, by('ok', null), true],
  ];
  it.each(cases)('%s', (_case, viewer, image, expected) => {
    expect(imageShownTo(image, viewer)).toBe(expected);
    expect(shownImage({ ...image, url: 'https://x/media/posts/a.webp' }, viewer).url !== null).toBe(expected);
  });

  it('takes a signed-out visitor and anyone under 18 for a minor, an adult for an adult', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(signedOut.isMinor).toBe(true);
    expect(imageViewer({ id: 'a', birthDate: '2011-05-01', userType: 'aluno' }, now).isMinor).toBe(true);
    expect(imageViewer({ id: 'b', birthDate: '1990-05-01', userType: 'aluno' }, now).isMinor).toBe(false);
    expect(imageViewer({ id: 'c', birthDate: null, userType: 'admin' }, now)).toEqual({
      id: 'c',
      isMinor: false,
      isAdmin: true,
    });
  });
});

describe("decks: who sees a deck of flashcards (can an adult stranger reach a minor's deck? no)", () => {
  const sees: [string, DeckFacts, boolean][] = [
    ['its owner (a personal deck)', { isOwner: true, sharedWithGroup: false, viewerInGroup: false }, true],
    [
      'a current member of the group it is shared with (a minor member too)',
      { isOwner: false, sharedWithGroup: true, viewerInGroup: true },
      true,
    ],
    [
      'a member of a group the deck is not shared with',
      { isOwner: false, sharedWithGroup: false, viewerInGroup: true },
      false,
    ],
    [
      "an adult stranger, a minor's personal deck",
      { isOwner: false, sharedWithGroup: false, viewerInGroup: false },
      false,
    ],
    [
      'an adult stranger (or a member whose access expired), a deck shared with the group',
      { isOwner: false, sharedWithGroup: true, viewerInGroup: false },
      false,
    ],
  ];
  it.each(sees)('%s', (_who, facts, expected) => {
    expect(deckVisibleTo(facts)).toBe(expected);
  });

  const shares: [string, Parameters<typeof deckShareRefusal>[0], 404 | 403 | null][] = [
    ['the owner, to a group they own or co-teach', { isOwner: true, teachesGroup: true }, null],
    ['the owner, to a group they only belong to', { isOwner: true, teachesGroup: false }, 403],
    ["a teacher, someone else's deck (out of sight)", { isOwner: false, teachesGroup: true }, 404],
  ];
  it.each(shares)('sharing: %s', (_who, facts, expected) => {
    expect(deckShareRefusal(facts)).toBe(expected);
  });
});

describe('question keys: who reports an error, and who corrects the key or anuls the question', () => {
  const reader: QuestionKeyFacts = { exists: true, visible: true, isQuestionAuthor: false, isAdmin: false };
  const cases: [
    string,
    QuestionKeyFacts,
    ReturnType<typeof questionReportAccess>,
    ReturnType<typeof questionKeyAccess>,
  ][] = [
    ['a reader who sees it', reader, 'ok', 'forbidden'],
    ['the question’s author', { ...reader, isQuestionAuthor: true }, 'ok', 'ok'],
    ['an admin who sees it', { ...reader, isAdmin: true }, 'ok', 'ok'],
    [
      'an admin on a group question they cannot see',
      { ...reader, visible: false, isAdmin: true },
      'not_found',
      'ok',
    ],
    [
      'an adult stranger on a minor’s followers-only or group question they cannot see',
      { ...reader, visible: false },
      'not_found',
      'not_found',
    ],
    [
      'anyone on a deleted or unknown question',
      { ...reader, exists: false, visible: false, isAdmin: true },
      'not_found',
      'not_found',
    ],
  ];
  it.each(cases)('%s', (_case, facts, report, key) => {
    expect(questionReportAccess(facts)).toBe(report);
    expect(questionKeyAccess(facts)).toBe(key);
  });
});
