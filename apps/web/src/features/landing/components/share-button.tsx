import { WAITLIST_MESSAGES } from '@estudai/contract/constants';
import { Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { shareLink } from '../share.ts';

/** Spec §2: the native share sheet if there is one, else the link copied with a toast. */
export function ShareButton() {
  async function handleShare() {
    const outcome = await shareLink({
      title: 'Estudaí',
      text: 'Vem estudar comigo no Estudaí, a rede social de estudos!',
      url: window.location.origin,
    });
    if (outcome === 'copied') toast({ title: WAITLIST_MESSAGES.linkCopied });
    if (outcome === 'failed') toast({ title: WAITLIST_MESSAGES.shareFailed, variant: 'destructive' });
  }
  return (
    <Button size="lg" variant="outline" onClick={handleShare}>
      <Share2 className="size-5" aria-hidden />
      Compartilhar
    </Button>
  );
}
