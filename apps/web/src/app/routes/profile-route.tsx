import type { UserProfile } from '@estudai/contract/constants';
import { ProfilePosts } from '../../features/posts/components/profile-posts.tsx';
import { ProfilePage } from '../../features/users/pages/profile-page.tsx';
import { UserPage } from '../../features/users/pages/user-page.tsx';

// A profile (users) shows the person's posts (posts): composed here, so neither feature knows the other.

const renderPosts = (profile: UserProfile) => (
  <ProfilePosts userId={profile.id} displayName={profile.displayName} isOwnProfile={profile.isOwnProfile} />
);

/** /profile */
export function ProfileRoute() {
  return <ProfilePage renderPosts={renderPosts} />;
}

/** /user and /user/{id} */
export function UserRoute() {
  return <UserPage renderPosts={renderPosts} />;
}
