import type { VideoListItem } from '@estudai/contract/constants';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { viewsText } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { DurationBadge, VideoCategoryBadge } from './video-badges.tsx';
import { VideoThumbnail } from './video-thumbnail.tsx';

/** A library card: picture with its duration, title, group and advertiser, views and category. */
export function VideoCard({ video }: { video: VideoListItem }) {
  return (
    <article className="h-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-indigo-500 hover:shadow-md dark:border-slate-700/60 dark:bg-slate-900">
      <Link to={paths.groupVideo(video.group.id, video.id)} className="grid h-full outline-none">
        <VideoThumbnail src={video.thumbnail}>
          <DurationBadge seconds={video.duration} className="absolute right-1.5 bottom-1.5" />
        </VideoThumbnail>
        <div className="grid content-start gap-1.5 p-3">
          <h2 className="line-clamp-2 text-sm leading-snug font-semibold">{video.title}</h2>
          <p className="flex min-w-0 items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
            <UserAvatar
              name={video.group.advertiser.displayName}
              src={video.group.advertiser.avatar}
              size={5}
            />
            <span className="truncate">{video.group.advertiser.displayName}</span>
          </p>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">{video.group.name}</p>
          <div className="flex flex-wrap items-center gap-1.5">
            <VideoCategoryBadge category={video.category} />
            <span className="text-xs text-slate-500 dark:text-slate-400">{viewsText(video.views)}</span>
          </div>
        </div>
      </Link>
    </article>
  );
}

/** The shape of a card while the library loads. */
export function VideoCardSkeleton() {
  return (
    <div
      data-testid="video-card-skeleton"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-700/60 dark:bg-slate-900"
    >
      <Skeleton radius="none" className="aspect-video" />
      <div className="grid gap-2 p-3">
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-3 w-2/3" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    </div>
  );
}
