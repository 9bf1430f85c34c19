import { FeedPage } from '../../features/posts/pages/feed-page.tsx';
import { StudyNav } from '../../features/study/components/study-nav.tsx';

// The feed (posts) opens with the study links and the due badge (study): composed here, in the
// feed's own chunk, so neither feature knows the other and the first route stays small.

/** `/` for a signed-in user. */
export function FeedRoute() {
  return <FeedPage header={<StudyNav />} />;
}
