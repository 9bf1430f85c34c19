import { useParams } from 'react-router';
import { useAuth } from '../../../lib/auth.tsx';
import { ProfileScreen, type ProfileScreenProps } from '../components/profile-screen.tsx';

/** /user and /user/{id}: without an id, or with one's own, it is the own profile (spec §2). */
export function UserPage(props: ProfileScreenProps) {
  const { id } = useParams();
  const { user } = useAuth();
  if (!user) return null;
  // Keyed by id: going from one profile to another starts the screen afresh.
  return <ProfileScreen key={id ?? user.id} userId={id ?? user.id} {...props} />;
}
