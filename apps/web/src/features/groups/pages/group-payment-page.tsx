import { CreditCard } from 'lucide-react';
import { useParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ComingSoon, Page } from '../../../components/page.tsx';

/** Both /study-groups/{id}/payment and /checkout/{id} (spec §2 lists both). */
export function GroupPaymentPage() {
  const { groupId = '' } = useParams();
  return (
    <Page title="Pagamento" back={paths.studyGroup(groupId)}>
      <ComingSoon icon={CreditCard}>A assinatura de grupos pagos vai ser feita aqui.</ComingSoon>
    </Page>
  );
}
