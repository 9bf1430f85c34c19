import { useAuth } from '../../../lib/auth.tsx';
import { ProfileScreen, type RenderProfilePosts } from '../components/profile-screen.tsx';

/** /profile: the signed-in user's own profile. */
export function ProfilePage({ renderPosts }: { renderPosts: RenderProfilePosts }) {
  const { user } = useAuth();
  if (!user) return null;
  return <ProfileScreen userId={user.id} renderPosts={renderPosts} />;
}
