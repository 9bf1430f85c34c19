import { VIDEO_MESSAGES, type VideoLink } from '@estudai/contract/constants';
import { Download, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { safeHref } from '../../../components/rich-text/parse-rich-text.ts';

/** Spec §2: 'Links do Anunciante'; a 'download' link is offered as a download. */
export function AdvertiserLinks({ links }: { links: VideoLink[] }) {
  const headingId = useId();
  const safe = links.flatMap((link) => {
    const href = safeHref(link.url);
    return href ? [{ ...link, href }] : [];
  });
  if (safe.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h2 id={headingId} className="text-base font-semibold">
        {VIDEO_MESSAGES.advertiserLinks}
      </h2>
      <ul className="grid gap-2">
        {safe.map((link) => {
          const isDownload = link.type === 'download';
          const Icon = isDownload ? Download : ExternalLink;
          return (
            <li key={`${link.href}-${link.title}`}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                download={isDownload ? '' : undefined}
                data-link-type={link.type}
                className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
              >
                <Icon className="size-4 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
                <span className="min-w-0 flex-1 truncate">{link.title}</span>
                {isDownload && (
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    {VIDEO_MESSAGES.download}
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
