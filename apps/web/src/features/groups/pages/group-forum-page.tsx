import { MessagesSquare } from 'lucide-react';
import { useParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ComingSoon, Page } from '../../../components/page.tsx';

export function GroupForumPage() {
  const { groupId = '' } = useParams();
  return (
    <Page title="Fórum do Grupo" back={paths.studyGroup(groupId)}>
      <ComingSoon icon={MessagesSquare}>Os tópicos e respostas do fórum vão aparecer aqui.</ComingSoon>
    </Page>
  );
}
