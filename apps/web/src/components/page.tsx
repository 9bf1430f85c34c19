import { ArrowLeft } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { cn } from '../lib/cn.ts';
import { HeaderActions } from './header-actions.tsx';
import { TITLE_BAR_CLASSES } from './title-bar.ts';

/**
 * The title bar's arrow: a link to `to`. With `viaHistory`, a plain click goes back a step
 * instead, to the screen (and its filters) the user came from, when the app has one behind it.
 */
function BackLink({ to, viaHistory, label }: { to: string; viaHistory: boolean; label: string }) {
  const navigate = useNavigate();
  // 'default' is the key of the entry the app was opened on: nothing of ours behind it.
  const hasPrevious = useLocation().key !== 'default';
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const isPlainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!viaHistory || !hasPrevious || !isPlainClick) return;
    event.preventDefault();
    navigate(-1);
  };
  return (
    <Link
      to={to}
      aria-label={label}
      title={label === 'Voltar' ? undefined : label}
      onClick={handleClick}
      className="-ml-2 flex size-10 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
    >
      <ArrowLeft className="size-5" aria-hidden />
    </Link>
  );
}

/**
 * A screen inside the shell: a sticky title bar (with an optional way back, the screen's `actions`
 * and the shell's) and its content. `back` is where the arrow leads; with `backViaHistory` it goes
 * back a step when it can; `backLabel` names the arrow when leaving means more than going back.
 * With `wrapTitle` a long title takes two lines instead of being cut, for a screen whose actions
 * (a countdown) leave it little room on a phone.
 */
export function Page({
  title,
  back,
  backViaHistory = false,
  backLabel = 'Voltar',
  wrapTitle = false,
  actions,
  children,
}: {
  title: string;
  back?: string;
  backViaHistory?: boolean;
  backLabel?: string;
  wrapTitle?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <header className={TITLE_BAR_CLASSES}>
        {back && <BackLink to={back} viaHistory={backViaHistory} label={backLabel} />}
        <h1
          className={cn(
            'min-w-0 font-semibold',
            // Two lines of 20px fit the 56px bar.
            wrapTitle ? 'line-clamp-2 text-base leading-5 break-words' : 'truncate text-lg',
          )}
        >
          {title}
        </h1>
        <HeaderActions>{actions}</HeaderActions>
      </header>
      <div className="grid gap-4 p-4">{children}</div>
    </>
  );
}
