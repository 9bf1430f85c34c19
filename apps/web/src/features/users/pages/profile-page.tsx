import { useAuth } from '../../../lib/auth.tsx';
import { ProfileScreen, type ProfileScreenProps } from '../components/profile-screen.tsx';

/** /profile: the signed-in user's own profile. */
export function ProfilePage(props: ProfileScreenProps) {
  const { user } = useAuth();
  if (!user) return null;
  return <ProfileScreen userId={user.id} {...props} />;
}
