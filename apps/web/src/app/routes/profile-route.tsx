import type { UserProfile } from '@estudai/contract/constants';
import type { ReactNode } from 'react';
import { ProfilePosts } from '../../features/posts/components/profile-posts.tsx';
import { OwnMasterySection } from '../../features/practice/components/own-mastery-section.tsx';
import { StudyStatsSection } from '../../features/study/components/study-stats-section.tsx';
import { ProfilePage } from '../../features/users/pages/profile-page.tsx';
import { UserPage } from '../../features/users/pages/user-page.tsx';

// A profile (users) shows the person's posts (posts), a student's study detail (study) and, on one's
// own profile only, one's mastery map (practice): composed here, so no feature knows another.

/**
 * The posts, unless the profile is restricted (a followers-only one, a block either way) or the
 * viewer blocked the person: the server answers 404 then.
 */
const renderPosts = (profile: UserProfile) =>
  profile.isRestricted || profile.isBlocked ? null : (
    <ProfilePosts userId={profile.id} displayName={profile.displayName} isOwnProfile={profile.isOwnProfile} />
  );

/**
 * A student's profile also shows the study detail (per-subject accuracy, reviews, calendar), when the
 * profile is seen in full (not `isRestricted`): a followers-only minor's is for followers (issue 37).
 * One's own profile shows one's mastery map (issue 40), except a guardian's (issue 36). What follows
 * the detail (the map, `below`: the posts) shows once the detail has answered.
 */
const renderStudyDetails = (profile: UserProfile, below: ReactNode) => {
  // The map is the viewer's own (`GET /api/users/me/mastery`): never on someone else's profile,
  // nor on a guardian's, who has no study figures (issue 36).
  const after = (
    <>
      {profile.isOwnProfile && profile.userType !== 'responsavel' && <OwnMasterySection />}
      {below}
    </>
  );
  return profile.userType === 'aluno' && !profile.isRestricted ? (
    <StudyStatsSection userId={profile.id} after={after} />
  ) : (
    after
  );
};

/** /profile */
export function ProfileRoute() {
  return <ProfilePage renderPosts={renderPosts} renderStudyDetails={renderStudyDetails} />;
}

/** /user and /user/{id} */
export function UserRoute() {
  return <UserPage renderPosts={renderPosts} renderStudyDetails={renderStudyDetails} />;
}
