// Each rule of the policy surface as a table of cases: who asks, about whom, their relation, and the
// expected answer. The rules are pure functions over facts; the queries that load the facts are
// exercised by relations.test.ts and by every feature's integration tests.
import { BLOCK_MESSAGES, MINORS_ERROR_CODES, MINORS_MESSAGES, type UserType } from '@estudai/contract';
import { describe, expect, it } from 'vitest';
import type { AgeBand } from '../lib/ages.ts';
import { blockRefusal } from './blocks.ts';
import { type GroupAction, type GroupFacts, groupCan } from './groups.ts';
import { minorRefusal, protectedModeFor } from './minors.ts';
import { type ProfileFacts, profileSeenInFull } from './profiles.ts';
import {
  isTeacherAuthor,
  mayAcceptResolution,
  type ResolutionFacts,
  resolutionAccess,
} from './resolutions.ts';

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
  const cases: [
    string,
    { viewerBlocked: boolean; blockedViewer: boolean },
    'follow' | 'message',
    string | null,
  ][] = [
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
