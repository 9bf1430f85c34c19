import { IMPORT_CSV_COLUMNS } from '@estudai/contract/constants';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';
import { useConfirmImport, useImportStatus } from '../api/import-status.ts';
import { usePreviewImport } from '../api/preview-import.ts';
import { ExportLinks } from '../components/export-links.tsx';
import { ImportForm } from '../components/import-form.tsx';
import { ImportPreview } from '../components/import-preview.tsx';
import { ImportProgress } from '../components/import-progress.tsx';

/**
 * /study-groups/{groupId}/importar (a group the teacher teaches) and /importar (their own public
 * posts): a file in, the preview with what cannot be imported, the confirmation and the job's progress.
 */
export function ImportQuestionsPage() {
  const { groupId } = useParams();
  const previewImport = usePreviewImport();
  const confirmImport = useConfirmImport();
  const [confirmedId, setConfirmedId] = useState<string | null>(null);
  const status = useImportStatus(confirmedId);
  const preview = previewImport.data;
  const back = groupId ? paths.studyGroup(groupId) : paths.questionBank();
  const doneLink = groupId
    ? { to: paths.studyGroup(groupId), label: 'Ver no grupo' }
    : { to: paths.profile(), label: 'Ver no perfil' };

  return (
    <Page title="Importar questões" back={back} backViaHistory>
      <Card className="grid gap-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {groupId
            ? 'As questões entram no grupo como posts seus (ou como quizzes).'
            : 'As questões entram como seus posts públicos (ou como quizzes).'}{' '}
          Aceitamos Moodle XML, GIFT, Aiken e CSV no modelo: {IMPORT_CSV_COLUMNS.join(', ')}. Fórmulas em
          LaTeX ($…$, \(…\)) são mantidas.
        </p>
        <ImportForm
          groupId={groupId}
          pending={previewImport.isPending}
          onSubmit={(input) => {
            setConfirmedId(null);
            previewImport.mutate(input);
          }}
        />
        {previewImport.isError && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {previewImport.error.message}
          </p>
        )}
      </Card>
      {status.data ? (
        <ImportProgress status={status.data} doneLink={doneLink} />
      ) : (
        preview && (
          <>
            {preview.duplicates > 0 && (
              <Card role="status" className="text-sm">
                Este arquivo já foi importado aqui: {preview.duplicates} já importadas. Confirmar não cria
                cópias.
              </Card>
            )}
            {preview.items.length > 0 && (
              <Button
                className="justify-self-start"
                disabled={confirmImport.isPending}
                onClick={() =>
                  confirmImport.mutate(preview.id, { onSuccess: (confirmed) => setConfirmedId(confirmed.id) })
                }
              >
                <Upload className="size-4" aria-hidden />
                {preview.items.length === 1
                  ? 'Importar 1 questão'
                  : `Importar ${preview.items.length} questões`}
              </Button>
            )}
            {confirmImport.isError && (
              <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
                {confirmImport.error.message}
              </p>
            )}
            <ImportPreview preview={preview} />
          </>
        )
      )}
      <Card>
        <ExportLinks groupId={groupId} />
      </Card>
    </Page>
  );
}
