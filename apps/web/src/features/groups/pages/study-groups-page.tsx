import { Users } from 'lucide-react';
import { ComingSoon, Page } from '../../../components/page.tsx';

export function StudyGroupsPage() {
  return (
    <Page title="Grupos de estudo">
      <ComingSoon icon={Users}>
        Em breve você poderá buscar grupos por matéria, entrar nos gratuitos e assinar os pagos.
      </ComingSoon>
    </Page>
  );
}
