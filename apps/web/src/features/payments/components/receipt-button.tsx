import { GROUP_MESSAGES, type Receipt } from '@estudai/contract/constants';
import { Download, ReceiptText } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ErrorState } from '../../../components/list-states.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatAccessDuration, formatDate, formatDateTime, formatPrice } from '../../../lib/format.ts';
import { useReceipts } from '../api/get-receipts.ts';

const METHOD_LABELS: Record<Receipt['method'], string> = { card: 'Cartão', pix: 'Pix' };
const PROVIDER_LABELS: Record<Receipt['provider'], string> = { stripe: 'Stripe', sandbox: 'Sandbox' };

/** The lines of a receipt, as the dialog shows them and the downloaded file holds them. */
function receiptLines(receipt: Receipt): [string, string][] {
  const lines: [string, string][] = [
    ['Grupo', receipt.groupName],
    ['Valor', formatPrice(receipt.amount)],
  ];
  if (receipt.couponPercent) lines.push(['Cupom de convite', `${receipt.couponPercent}% de desconto`]);
  lines.push(
    ['Data do pagamento', formatDateTime(receipt.paidAt)],
    ['Forma de pagamento', METHOD_LABELS[receipt.method]],
    ['Provedor', `${PROVIDER_LABELS[receipt.provider]}${receipt.testMode ? ' (modo de teste)' : ''}`],
    ['Identificador', receipt.providerRef ?? receipt.id],
    [
      'Acesso',
      receipt.accessEndsAt
        ? `${formatAccessDuration(receipt.durationMonths)}, até ${formatDate(receipt.accessEndsAt)}`
        : formatAccessDuration(receipt.durationMonths),
    ],
  );
  if (receipt.status === 'refunded')
    lines.push([
      'Situação',
      receipt.refundedAt ? `Reembolsado em ${formatDateTime(receipt.refundedAt)}` : 'Reembolsado',
    ]);
  return lines;
}

const receiptFile = (receipt: Receipt) =>
  `data:text/plain;charset=utf-8,${encodeURIComponent(
    ['Recibo — Estudaí', '', ...receiptLines(receipt).map(([label, value]) => `${label}: ${value}`), ''].join(
      '\n',
    ),
  )}`;

function ReceiptView({ receipt }: { receipt: Receipt }) {
  return (
    <div className="grid gap-4">
      <dl className="grid gap-2 text-sm">
        {receiptLines(receipt).map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-3">
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="min-w-0 font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <a
        href={receiptFile(receipt)}
        download={`recibo-estudai-${receipt.id}.txt`}
        className={buttonClasses({ variant: 'outline' })}
      >
        <Download className="size-4" aria-hidden />
        {GROUP_MESSAGES.receiptDownload}
      </a>
    </div>
  );
}

/** 'Ver recibo' for a paid member: the latest confirmed payment of this group, to read or download. */
export function ReceiptButton({ groupId }: { groupId: string }) {
  const [open, setOpen] = useState(false);
  const receipts = useReceipts(open);
  const receipt = receipts.data
    ?.filter((item) => item.studyGroupId === groupId)
    .sort((a, b) => b.paidAt.localeCompare(a.paidAt))[0];
  let body: ReactNode;
  if (receipts.isPending) body = <Skeleton className="h-40" />;
  else if (receipts.isError)
    body = (
      <ErrorState
        title="Não foi possível carregar o recibo."
        error={receipts.error}
        onRetry={() => void receipts.refetch()}
      />
    );
  else if (!receipt) body = <p className="text-sm">Nenhum pagamento confirmado deste grupo.</p>;
  else body = <ReceiptView receipt={receipt} />;
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        <ReceiptText className="size-4" aria-hidden />
        {GROUP_MESSAGES.receipt}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title={GROUP_MESSAGES.receiptTitle}>
          <div className="p-5">{body}</div>
        </DialogContent>
      </Dialog>
    </>
  );
}
