import type { Post } from '@estudai/contract/constants';
import { Check, Copy, Share2 } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { postHeadline } from './post-summary.tsx';

/** The post's address anyone can open, and the words that go with it in a message. */
function shareTarget(post: Post) {
  const url = new URL(paths.post(post.id), window.location.origin).href;
  const words = (postHeadline(post) || post.content).replace(/\s+/g, ' ').trim();
  const text = words.length > 120 ? `${words.slice(0, 119).trimEnd()}…` : words;
  return { url, text: text ? `${text} — no Estudaí` : 'Veja esta publicação no Estudaí' };
}

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

/**
 * 'Compartilhar': the phone's own share sheet where the browser has the Web Share API, otherwise
 * 'Copiar link' and 'Enviar no WhatsApp'. A group's post can be shared too; only members open it.
 */
export function ShareButton({ post, className }: { post: Post; className?: string }) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const { url, text } = shareTarget(post);

  const handleShare = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'Estudaí', text, url });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setCopied(false);
    setOpen(true);
  };

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
    <>
      <button type="button" aria-label="Compartilhar" onClick={handleShare} className={className}>
        <Share2 className="size-5" aria-hidden />
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
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
        )}
      </Dialog>
    </>
  );
}
