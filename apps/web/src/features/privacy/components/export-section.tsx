import type { DataExport } from '@estudai/contract/constants';
import { DataExportPanel } from '../../../components/data-export-panel.tsx';
import { api } from '../../../lib/api.ts';

const requestDataExport = () => api.post<DataExport>('/me/export');

/** 'Baixar meus dados': the ZIP of everything the account owns. */
export function ExportSection() {
  return (
    <DataExportPanel request={requestDataExport} storageKey="dataExport" label="Pedir cópia dos meus dados">
      Um arquivo ZIP com tudo o que sua conta tem: perfil, posts, comentários, mensagens enviadas, estudo,
      grupos e os arquivos que você enviou. Avisamos por notificação e e-mail quando ficar pronto.
    </DataExportPanel>
  );
}
