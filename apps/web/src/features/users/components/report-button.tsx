import { REPORT_MESSAGES } from '@estudai/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { reportErrorToast as errorToast, ReportForm } from '../../../components/report-form.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import {
  getReportCheckQueryOptions,
  getReportIntegrityQueryOptions,
  useReportUser,
} from '../api/report-user.ts';

const alreadyReportedToast = () =>
  errorToast(REPORT_MESSAGES.alreadyReportedTitle, REPORT_MESSAGES.alreadyReported);

/**
 * The report icon of another person's profile. Before the dialog opens it asks whether this
 * person was reported already and whether the daily limit allows another (spec §5).
 */
export function ReportButton({ userId, name }: { userId: string; name: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const report = useReportUser();

  const handleClick = async () => {
    if (checking) return;
    setChecking(true);
    try {
      const [check, integrity] = await Promise.all([
        queryClient.fetchQuery(getReportCheckQueryOptions(userId)),
        queryClient.fetchQuery(getReportIntegrityQueryOptions()),
      ]);
      if (check.hasReported) alreadyReportedToast();
      else if (!integrity.canReport)
        errorToast(REPORT_MESSAGES.limitTitle, integrity.message || REPORT_MESSAGES.limitFallback);
      else setOpen(true);
    } catch (error) {
      errorToast(
        REPORT_MESSAGES.failedTitle,
        error instanceof Error ? error.message : REPORT_MESSAGES.failed,
      );
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <Button
        variant="outline"
        size="icon"
        aria-label="Denunciar usuário"
        // Not `disabled`: a disabled button loses focus, which then had nowhere to go back to.
        aria-disabled={checking}
        onClick={() => void handleClick()}
      >
        <Flag className="size-5" aria-hidden />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <DialogContent title="Denunciar usuário">
            <ReportForm
              question={`Por que você está denunciando ${name}?`}
              submit={(input) => report.mutateAsync({ userId, input })}
              onDone={() => setOpen(false)}
            />
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
