import { GROUP_MESSAGES, type GroupVideo, VIDEO_MESSAGES } from '@estudai/contract/constants';
import { ArrowLeft, Eye, Lock, Play, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { HeaderActions } from '../../../components/header-actions.tsx';
import { safeHref } from '../../../components/rich-text/parse-rich-text.ts';
import { TITLE_BAR_CLASSES } from '../../../components/title-bar.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatPrice, viewsText } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useVideo } from '../api/get-video.ts';
import { AdvertiserLinks } from '../components/advertiser-links.tsx';
import { DurationBadge, HiddenBadge, VideoCategoryBadge } from '../components/video-badges.tsx';
import { VideoPlayer } from '../components/video-player.tsx';
import { VideoThumbnail } from '../components/video-thumbnail.tsx';

function Screen({ groupId, children }: { groupId: string; children: ReactNode }) {
  return (
    <>
      <header className={TITLE_BAR_CLASSES}>
        <Link to={paths.studyGroup(groupId)} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          <ArrowLeft className="size-4" aria-hidden />
          {VIDEO_MESSAGES.back}
        </Link>
        <HeaderActions />
      </header>
      <div className="grid gap-4 p-4">{children}</div>
    </>
  );
}

/** Non-members, of a free group as of a paid one: the picture (or 'Player de Vídeo') and the way in. */
function LockedPlayer({ video }: { video: GroupVideo }) {
  return (
    <div className="grid gap-3">
      <VideoThumbnail src={video.thumbnail} className="rounded-2xl">
        <span className="absolute top-2 left-2 flex size-8 items-center justify-center rounded-full bg-slate-950/70 text-white">
          <Lock className="size-4" aria-hidden />
        </span>
      </VideoThumbnail>
      <Card padding="sm" className="grid gap-3 text-center">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {video.group.isPaid ? VIDEO_MESSAGES.membersOnly : VIDEO_MESSAGES.membersOnlyFree}
        </p>
        {video.group.isPaid ? (
          <Link
            to={paths.groupPayment(video.group.id)}
            className={buttonClasses({ className: 'justify-self-center' })}
          >
            {GROUP_MESSAGES.subscribe(formatPrice(video.group.price))}
          </Link>
        ) : (
          <Link
            to={paths.studyGroup(video.group.id)}
            className={buttonClasses({ className: 'justify-self-center' })}
          >
            {GROUP_MESSAGES.join}
          </Link>
        )}
      </Card>
    </div>
  );
}

function VideoDetails({ video }: { video: GroupVideo }) {
  const videoUrl = video.videoUrl ? safeHref(video.videoUrl) : null;
  return (
    <article className="grid gap-4">
      {videoUrl ? (
        <VideoPlayer title={video.title} videoUrl={videoUrl} thumbnail={video.thumbnail} />
      ) : (
        <LockedPlayer video={video} />
      )}
      <div className="flex flex-wrap items-center gap-2">
        {videoUrl && (
          <a
            href={videoUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ size: 'sm' })}
          >
            <Play className="size-4" aria-hidden />
            {VIDEO_MESSAGES.play}
          </a>
        )}
        <DurationBadge seconds={video.duration} />
        <VideoCategoryBadge category={video.category} />
        {!video.isVisible && <HiddenBadge />}
      </div>
      <div className="grid gap-1.5">
        <h1 className="text-xl leading-tight font-bold">{video.title}</h1>
        <p className="flex items-center gap-1.5 text-sm text-slate-500 dark:text-slate-400">
          <Eye className="size-4" aria-hidden />
          {viewsText(video.views)}
        </p>
      </div>
      <Link
        to={paths.studyGroup(video.group.id)}
        className="flex items-center gap-3 rounded-xl hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-900"
      >
        <UserAvatar name={video.group.advertiser.displayName} src={video.group.advertiser.avatar} />
        <span className="grid min-w-0">
          <span className="truncate text-sm font-semibold">{video.group.advertiser.displayName}</span>
          <span className="truncate text-xs text-slate-500 dark:text-slate-400">{video.group.name}</span>
        </span>
      </Link>
      {video.description && (
        <p className="text-sm whitespace-pre-line text-slate-700 dark:text-slate-200">{video.description}</p>
      )}
      {video.links && <AdvertiserLinks links={video.links} />}
    </article>
  );
}

function VideoSkeleton() {
  return (
    <div role="status" aria-label="Carregando vídeo" className="grid gap-4">
      <Skeleton radius="2xl" className="aspect-video" />
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-16" />
    </div>
  );
}

/** Spec §2 '/study-groups/{groupId}/videos/{videoId}'. */
export function GroupVideoPage() {
  const { groupId = '', videoId = '' } = useParams();
  const query = useVideo(groupId, videoId);

  if (query.isPending) {
    return (
      <Screen groupId={groupId}>
        <VideoSkeleton />
      </Screen>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Screen groupId={groupId}>
        <Card className="grid justify-items-center gap-3 py-10 text-center">
          <h1 className="text-lg font-semibold">
            {missing ? VIDEO_MESSAGES.notFound : VIDEO_MESSAGES.errorTitle}
          </h1>
          {!missing && <p className="text-sm text-slate-600 dark:text-slate-300">{query.error.message}</p>}
          <div className="flex flex-wrap justify-center gap-2">
            {!missing && (
              <Button variant="outline" onClick={() => void query.refetch()}>
                <RefreshCw className="size-4" aria-hidden />
                {VIDEO_MESSAGES.retry}
              </Button>
            )}
            <Link to={paths.studyGroup(groupId)} className={buttonClasses()}>
              {VIDEO_MESSAGES.backToGroup}
            </Link>
          </div>
        </Card>
      </Screen>
    );
  }
  return (
    <Screen groupId={groupId}>
      <VideoDetails video={query.data} />
    </Screen>
  );
}
