import {
  formatBrasiliaDayMonthTime,
  type InviteLink,
  TEACHING_MESSAGES as M,
} from '@estudai/contract/constants';
import { Copy, Link2Off } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';

function statusOf(link: InviteLink): { label: string; tone: 'green' | 'red' | 'slate' } {
  if (link.isActive) return { label: 'Ativo', tone: 'green' };
  if (link.revokedAt) return { label: 'Revogado', tone: 'red' };
  if (link.maxUses !== null && link.usesCount >= link.maxUses) return { label: 'Esgotado', tone: 'slate' };
  return { label: 'Expirado', tone: 'slate' };
}

/** '3 de 10 usos', '1 uso' */
const usesText = (link: InviteLink) =>
  link.maxUses === null
    ? `${link.usesCount} ${link.usesCount === 1 ? 'uso' : 'usos'}`
    : `${link.usesCount} de ${link.maxUses} usos`;

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: M.inviteLinkCopied, description: url });
  } catch {
    toast({ title: 'Não foi possível copiar', description: `Copie o link: ${url}`, variant: 'destructive' });
  }
}

/** One invite link: its address to copy, how it has been used, its limits, and 'Revogar'. */
export function InviteLinkItem({ link, onRevoke }: { link: InviteLink; onRevoke: () => void }) {
  const status = statusOf(link);
  return (
    <li className="grid min-w-0 grid-cols-1 gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex items-center justify-between gap-2">
        <code className="min-w-0 truncate text-sm" title={link.url}>
          {link.url}
        </code>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {usesText(link)}
        {link.expiresAt ? ` · válido até ${formatBrasiliaDayMonthTime(link.expiresAt)}` : ' · sem validade'}
        {link.couponPercent !== null &&
          ` · cupom de ${link.couponPercent}% (${link.couponUsesCount}${link.couponMaxUses === null ? '' : ` de ${link.couponMaxUses}`} usados)`}
      </p>
      {link.isActive && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => void copyLink(link.url)}>
            <Copy className="size-4" aria-hidden />
            Copiar link
          </Button>
          <Button size="sm" variant="ghost" onClick={onRevoke}>
            <Link2Off className="size-4" aria-hidden />
            Revogar
          </Button>
        </div>
      )}
    </li>
  );
}
