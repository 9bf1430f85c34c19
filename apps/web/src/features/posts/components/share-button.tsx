import type { Post } from '@estudai/contract/constants';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { paths } from '../../../lib/paths.ts';
import { postHeadline } from './post-summary.tsx';

// Its own chunk: opened on a tap only where the phone has no share sheet (first-route budget).
const ShareDialog = lazyPart(() => import('./share-dialog.tsx'), 'ShareDialog');

/** The post's address anyone can open, and the words that go with it in a message. */
function shareTarget(post: Post) {
  const url = new URL(paths.post(post.id), window.location.origin).href;
  const words = (postHeadline(post) || post.content).replace(/\s+/g, ' ').trim();
  const text = words.length > 120 ? `${words.slice(0, 119).trimEnd()}…` : words;
  return { url, text: text ? `${text} — no Estudaí` : 'Veja esta publicação no Estudaí' };
}

/**
 * 'Compartilhar': the phone's own share sheet where the browser has the Web Share API, otherwise
 * 'Copiar link' and 'Enviar no WhatsApp'. A group's post can be shared too; only members open it.
 */
export function ShareButton({ post, className }: { post: Post; className?: string }) {
  const [open, setOpen] = useState(false);
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
    setOpen(true);
  };

  return (
    <>
      <button type="button" aria-label="Compartilhar" onClick={handleShare} className={className}>
        <Share2 className="size-5" aria-hidden />
      </button>
      {open && <ShareDialog post={post} url={url} text={text} onClose={() => setOpen(false)} />}
    </>
  );
}
