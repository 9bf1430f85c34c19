import { GuardianHomeLink } from '../../features/guardians/components/guardian-home-link.tsx';
import { FeedPage } from '../../features/posts/pages/feed-page.tsx';
import { StudyNav } from '../../features/study/components/study-nav.tsx';
import { isGuardianAccount, useAuth } from '../../lib/auth.tsx';

// The feed (posts) opens with the study links and the due badge (study), or a guardian's way to
// their dashboard (guardians): composed here, in the feed's own chunk, so no feature knows another
// and the first route stays small.

/** `/` for a signed-in user. */
export function FeedRoute() {
  const { user } = useAuth();
  return <FeedPage header={isGuardianAccount(user) ? <GuardianHomeLink /> : <StudyNav />} />;
}
