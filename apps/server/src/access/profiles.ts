import type { Me, PrivacySettings } from '@estudai/contract';
import { ageBand, defaultPrivacy, isMinorBand } from '../lib/ages.ts';
import type { SessionUser } from '../plugins/session.ts';

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
