import { BookOpenText } from 'lucide-react';
import { paths } from '../../../app/paths.ts';
import { ComingSoon, Page } from '../../../components/page.tsx';

export function StudyGroupPage() {
  return (
    <Page title="Grupo de estudo" back={paths.studyGroups()}>
      <ComingSoon icon={BookOpenText}>
        Posts, materiais, vídeos e o fórum do grupo vão aparecer aqui.
      </ComingSoon>
    </Page>
  );
}
