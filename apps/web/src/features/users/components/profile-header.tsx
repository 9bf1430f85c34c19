import { BLOCK_MESSAGES, type UserProfile } from '@estudai/contract/constants';
import { ArrowLeft, CalendarDays, Link as LinkIcon, MapPin, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { HeaderActions } from '../../../components/header-actions.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { paths } from '../../../lib/paths.ts';
import type { FollowDirection } from '../../../lib/queries/follows.ts';
import { BlockMenu } from './block-menu.tsx';
import { ConnectButton } from './connect-button.tsx';
import { FollowButton } from './follow-button.tsx';
import { FollowListDialog } from './follow-list-dialog.tsx';
import { MessageButton } from './message-button.tsx';
import { ReportButton } from './report-button.tsx';
import { SettingsButton } from './settings-button.tsx';
import { StarRating } from './star-rating.tsx';
import { UserTypeBadge, VerifiedBadge } from './user-type-badge.tsx';
import { VerifyAccountButton } from './verify-account-button.tsx';

/** An http(s) address for what the person typed as their site, or null if it is not one. */
function websiteHref(website: string): string | null {
  if (!website) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const joined = (createdAt: string) =>
  `Entrou em ${new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric' }).format(new Date(createdAt))}`;

function Counter({ count, label, onClick }: { count: number; label: string; onClick?: () => void }) {
  const body = (
    <>
      <strong className="font-semibold text-slate-900 dark:text-white">{count}</strong> {label}
    </>
  );
  if (!onClick) return <span className="text-sm text-slate-600 dark:text-slate-300">{body}</span>;
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-md text-sm text-slate-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300"
    >
      {body}
    </button>
  );
}

/** Spec §2: the sticky header of a profile, with its counters, badges and actions. */
export function ProfileHeader({ profile, onEdit }: { profile: UserProfile; onEdit: () => void }) {
  const [list, setList] = useState<FollowDirection | null>(null);
  const href = websiteHref(profile.website);
  const avatar = <UserAvatar name={profile.displayName} src={profile.avatar} size={16} />;

  return (
    <header className="sticky top-0 z-30 grid grid-cols-1 gap-3 border-b border-slate-200 bg-white/95 px-4 pt-3 pb-4 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="flex items-start gap-3">
        <Link
          to={paths.home()}
          aria-label="Voltar"
          className="-ml-2 flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        {profile.isOwnProfile ? (
          <button
            type="button"
            onClick={onEdit}
            aria-label="Editar foto de perfil"
            className="shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
          >
            {avatar}
          </button>
        ) : (
          avatar
        )}
        <div className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
          {/* A long name wraps onto more lines; the badge keeps its size beside it. */}
          <div className="flex min-w-0 items-center gap-1.5">
            <h1 className="min-w-0 text-xl font-semibold wrap-break-word">{profile.displayName}</h1>
            {profile.isVerified && <VerifiedBadge />}
          </div>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <UserTypeBadge userType={profile.userType} />
            <span className="min-w-0 truncate text-sm text-slate-500 dark:text-slate-400">
              @{profile.username}
            </span>
          </div>
          {profile.userType !== 'aluno' && profile.overallRating > 0 && (
            <StarRating rating={profile.overallRating} className="mt-1" />
          )}
        </div>
        <HeaderActions />
      </div>

      {/* The actions get a row of their own: beside the name they pushed the page wider than a phone. */}
      {!profile.isOwnProfile && (
        <div className="flex flex-wrap items-center gap-2">
          {!profile.isBlocked && (
            <>
              <FollowButton userId={profile.id} isFollowing={profile.isFollowing} size="sm" />
              <ConnectButton profile={profile} />
              <MessageButton profile={profile} />
            </>
          )}
          <ReportButton userId={profile.id} name={profile.displayName} />
          <BlockMenu profile={profile} />
        </div>
      )}
      {profile.isBlocked && (
        <p
          role="status"
          className="rounded-xl bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
        >
          {BLOCK_MESSAGES.youBlockedNotice}
        </p>
      )}

      {profile.bio && (
        <p className="line-clamp-3 text-sm whitespace-pre-line wrap-break-word">{profile.bio}</p>
      )}

      <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
        {profile.location && (
          <span className="flex min-w-0 items-center gap-1">
            <MapPin className="size-3.5 shrink-0" aria-hidden />
            <span className="min-w-0 wrap-anywhere">{profile.location}</span>
          </span>
        )}
        {href && (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="flex min-w-0 items-center gap-1 text-indigo-600 hover:underline dark:text-indigo-400"
          >
            <LinkIcon className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">{profile.website.replace(/^https?:\/\//i, '')}</span>
          </a>
        )}
        <span className="flex items-center gap-1">
          <CalendarDays className="size-3.5" aria-hidden />
          {joined(profile.createdAt)}
        </span>
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <Counter count={profile.followersCount} label="Seguidores" onClick={() => setList('followers')} />
        <Counter count={profile.followingCount} label="Seguindo" onClick={() => setList('following')} />
        {profile.ownGroups.length > 0 && <Counter count={profile.ownGroups.length} label="grupos criados" />}
        {profile.memberGroups.length > 0 && (
          <Counter count={profile.memberGroups.length} label="grupos participando" />
        )}
      </div>

      {profile.isOwnProfile && (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Pencil className="size-4" aria-hidden />
            Editar perfil
          </Button>
          {!profile.isVerified && <VerifyAccountButton userType={profile.userType} />}
          <SettingsButton />
        </div>
      )}

      <FollowListDialog userId={profile.id} direction={list} onClose={() => setList(null)} />
    </header>
  );
}
