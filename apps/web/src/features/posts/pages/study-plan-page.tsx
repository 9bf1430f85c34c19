import { useNavigate } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { useMe } from '../../../lib/me.ts';
import { paths } from '../../../lib/paths.ts';
import { StudyPlanForm } from '../components/study-plan-form.tsx';

/** Settings › 'Objetivo e matérias' (issue 36): the first-run step's goal and subjects, changed any time. */
export function StudyPlanPage() {
  const me = useMe();
  const navigate = useNavigate();
  if (!me) return null;
  return (
    <Page title="Objetivo e matérias" back={paths.profile()} backViaHistory>
      <StudyPlanForm
        initial={me.studyPlan}
        onLater={() => navigate(paths.profile())}
        onSaved={() => navigate(paths.home())}
      />
    </Page>
  );
}
