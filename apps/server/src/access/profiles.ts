import { type Me, PROFILE_SURFACE_MESSAGES, type PrivacySettings } from '@estudai/contract';
import type { Tx } from '../db/client.ts';
import { ageBand, defaultPrivacy, isMinorBand } from '../lib/ages.ts';
import { notFound } from '../lib/errors.ts';
import type { SessionUser } from '../plugins/session.ts';
import { blocksEitherWay } from './blocks.ts';
import { isFollowing } from './follows.ts';
import { isGuardianOf } from './minors.ts';

// A person's privacy settings as the rules read them, and what a new account starts with.

export type PrivacyColumns = Pick<SessionUser, 'profileVisibility' | 'allowAdultChat' | 'discoverable'>;

export const privacyOf = (user: PrivacyColumns): PrivacySettings => ({
  profileVisibility: user.profileVisibility,
  allowAdultChat: user.allowAdultChat,
  discoverable: user.discoverable,
});

/** The values a new account starts with for its age (sign-up). */
export function signupPrivacy(birthDate: string, now: Date): Pick<Me['privacy'], 'profileVisibility'> {
  return { profileVisibility: defaultPrivacy(isMinorBand(ageBand(birthDate, now))).profileVisibility };
}

/** What the profile rule needs to know about a viewer and a person. */
export interface ProfileFacts {
  visibility: SessionUser['profileVisibility'];
  isSelf: boolean;
  /** The viewer follows the person (an approved follower). */
  follows: boolean;
  viewerIsAdmin: boolean;
  /** The viewer is the person's active guardian. */
  viewerIsGuardian: boolean;
  /** A block either way (issue 21). */
  blocked: boolean;
}

/**
 * Whether the viewer sees a profile in full (its study figures, its content): never across a block,
 * whatever the setting; a public profile to everyone; a followers-only one (every minor's, by
 * default) to its owner, its followers, admins and the minor's guardian.
 */
export function profileSeenInFull(facts: ProfileFacts): boolean {
  if (facts.blocked) return false;
  if (facts.visibility === 'public' || facts.follows || facts.isSelf) return true;
  return facts.viewerIsAdmin || facts.viewerIsGuardian;
}

/** What of a person a viewer may ask for beyond the name and photo (issue 37). */
export type ProfileSurface = 'posts' | 'studyStats' | 'followLists';

/**
 * Issue 37, every read through the same rules: a person's posts, study statistics (calendar,
 * today's minutes, streak, accuracy) and followers and following lists are shown exactly when the
 * profile is seen in full. A followers-only minor's lists named the guardian's account to strangers;
 * a study calendar said when a child was online. None of them ever crosses a block.
 */
export function profileSurfaceShown(facts: ProfileFacts, _surface: ProfileSurface): boolean {
  return profileSeenInFull(facts);
}

/** The facts of `profileSeenInFull` for a viewer and a person, the guardian link asked only when it decides. */
async function loadProfileFacts(
  db: Tx,
  viewer: Pick<SessionUser, 'id' | 'userType'>,
  person: Pick<SessionUser, 'id' | 'profileVisibility'>,
): Promise<ProfileFacts> {
  const isSelf = viewer.id === person.id;
  const [follows, blocked] = isSelf
    ? [false, false]
    : await Promise.all([isFollowing(db, viewer.id, person.id), blocksEitherWay(db, viewer.id, person.id)]);
  const facts: ProfileFacts = {
    visibility: person.profileVisibility,
    isSelf,
    follows,
    viewerIsAdmin: viewer.userType === 'admin',
    viewerIsGuardian: false,
    blocked,
  };
  // The guardian link is asked only when it is the one fact left that could open the profile.
  if (!profileSeenInFull(facts) && profileSeenInFull({ ...facts, viewerIsGuardian: true })) {
    facts.viewerIsGuardian = await isGuardianOf(db, viewer.id, person.id);
  }
  return facts;
}

/** The 404 of a surface the viewer may not see (`profileSurfaceShown`): nothing to probe. */
export async function requireProfileSurface(
  db: Tx,
  viewer: Pick<SessionUser, 'id' | 'userType'>,
  person: Pick<SessionUser, 'id' | 'profileVisibility'>,
  surface: ProfileSurface,
): Promise<void> {
  if (!profileSurfaceShown(await loadProfileFacts(db, viewer, person), surface)) {
    throw notFound(PROFILE_SURFACE_MESSAGES[surface]);
  }
}
