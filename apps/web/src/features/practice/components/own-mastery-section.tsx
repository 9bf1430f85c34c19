import { PRACTICE_MESSAGES as M } from '@estudai/contract/constants';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../lib/paths.ts';
import { useMastery } from '../api/practice.ts';
import { MasteryMap } from './mastery-map.tsx';

/**
 * The viewer's own mastery map on their own profile (issue 40: 'on the profile and /treino'), each
 * cell with a link to train it on /treino. `GET /api/users/me/mastery` is the viewer's alone: the
 * app shows this only on one's own profile, never on another person's.
 */
export function OwnMasterySection() {
  const mastery = useMastery();
  if (mastery.isError) return null;
  return (
    <Card padding="sm" className="grid gap-3">
      <section aria-labelledby="own-mastery-title" className="grid gap-3">
        <h2 id="own-mastery-title" className="font-semibold">
          {M.masteryTitle}
        </h2>
        {mastery.isPending ? (
          <Skeleton className="h-32" />
        ) : (
          <MasteryMap cells={mastery.data} trainHref={(subject, topic) => paths.practice(subject, topic)} />
        )}
      </section>
    </Card>
  );
}
