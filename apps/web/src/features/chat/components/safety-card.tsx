import { SAFETY_TEXTS } from '@estudai/contract/constants';
import { Ban, Flag, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { ReportContentDialog } from '../../../components/report-content-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useBlockSender } from '../api/block-sender.ts';

/**
 * Above the first message a minor gets from someone, and above a held message (issue 43): 'Você
 * conhece essa pessoa?' with 'Bloquear' and 'Denunciar', through the existing block and report calls.
 */
export function SafetyCard({
  messageId,
  senderId,
  held,
}: {
  messageId: string;
  senderId: string;
  held: boolean;
}) {
  const block = useBlockSender();
  const [reporting, setReporting] = useState(false);
  return (
    <section
      aria-label="Aviso de segurança"
      className="grid w-full max-w-md gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <p className="flex items-start gap-2 font-medium">
        <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        {SAFETY_TEXTS.firstContact}
      </p>
      {held && <p className="text-amber-900 dark:text-amber-200">{SAFETY_TEXTS.heldNotice}</p>}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={block.isPending || block.isSuccess}
          onClick={() => block.mutate(senderId)}
        >
          <Ban className="size-4" aria-hidden />
          {SAFETY_TEXTS.block}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setReporting(true)}>
          <Flag className="size-4" aria-hidden />
          {SAFETY_TEXTS.report}
        </Button>
      </div>
      <ReportContentDialog kind="message" id={messageId} open={reporting} onOpenChange={setReporting} />
    </section>
  );
}
