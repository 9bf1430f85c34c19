import { Paperclip } from 'lucide-react';
import { safeHref } from '../../../components/rich-text/parse-rich-text.ts';
import { USER_LINK_REL } from '../../../components/rich-text/rich-text.tsx';

/** A readable name for a link: its file name, else its host. */
function attachmentName(url: string): string {
  try {
    const parsed = new URL(url);
    const file = parsed.pathname.split('/').filter(Boolean).at(-1);
    return file ? decodeURIComponent(file) : parsed.hostname;
  } catch {
    return url;
  }
}

/** Attachments as links that open in a new tab; anything that is not http(s) stays text. */
export function AttachmentList({ urls }: { urls: string[] }) {
  if (urls.length === 0) return null;
  return (
    <ul className="grid grid-cols-1 gap-2" aria-label="Anexos">
      {urls.map((url) => {
        const href = safeHref(url);
        const content = (
          <>
            <Paperclip className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{attachmentName(url)}</span>
          </>
        );
        return (
          <li key={url} className="min-w-0">
            {href ? (
              <a
                href={href}
                target="_blank"
                rel={USER_LINK_REL}
                className="flex items-center gap-2 rounded-xl border border-slate-200 px-3 py-2.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:text-indigo-300 dark:hover:bg-indigo-950"
              >
                {content}
              </a>
            ) : (
              <span className="flex items-center gap-2 px-3 py-2.5 text-sm">{content}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
