import type { Post } from '@estudai/contract/constants';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';

const whatsAppLink = (text: string, url: string) =>
  `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Where the phone has no share sheet: 'Copiar link' and 'Enviar no WhatsApp'. */
export function ShareDialog({
  post,
  url,
  text,
  onClose,
}: {
  post: Post;
  url: string;
  text: string;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);

  const handleCopy = async () => {
    if (await copyText(url)) {
      setCopied(true);
      toast({ title: 'Link copiado!', description: 'Cole onde quiser para compartilhar.' });
    } else {
      toast({
        title: 'Não foi possível copiar',
        description: 'Selecione o link acima e copie.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Compartilhar publicação"
        description={
          post.studyGroupId
            ? 'Só os membros do grupo conseguem abrir este link.'
            : 'Quem receber o link vê a publicação, mesmo sem conta.'
        }
      >
        <div className="grid min-w-0 gap-3 p-5">
          <input
            readOnly
            aria-label="Link da publicação"
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full min-w-0 truncate rounded-xl border border-slate-300 bg-slate-50 px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
          />
          <button
            type="button"
            onClick={handleCopy}
            className={buttonClasses({ variant: 'outline', className: 'w-full' })}
          >
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {copied ? 'Link copiado' : 'Copiar link'}
          </button>
          <a
            href={whatsAppLink(text, url)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ className: 'w-full' })}
          >
            Enviar no WhatsApp
          </a>
        </div>
      </DialogContent>
    </Dialog>
  );
}
