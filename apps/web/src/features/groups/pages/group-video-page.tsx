import { Clapperboard } from 'lucide-react';
import { useParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ComingSoon, Page } from '../../../components/page.tsx';

export function GroupVideoPage() {
  const { groupId = '' } = useParams();
  return (
    <Page title="Vídeo do grupo" back={paths.studyGroup(groupId)}>
      <ComingSoon icon={Clapperboard}>O player e os links do anunciante vão aparecer aqui.</ComingSoon>
    </Page>
  );
}
