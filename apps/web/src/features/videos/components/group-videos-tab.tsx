import { type GroupVideo, VIDEO_MESSAGES } from '@estudai/contract/constants';
import { Eye, EyeOff, Library, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadMoreButton } from '../../../components/load-more.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { viewsText } from '../../../lib/format.ts';
import { paths, routes } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useGroupVideos } from '../api/get-group-videos.ts';
import { useDeleteVideo, useUpdateVideo } from '../api/manage-video.ts';
import { DurationBadge, HiddenBadge, VideoCategoryBadge } from './video-badges.tsx';
import { VideoFormDialog } from './video-form-dialog.tsx';
import { VideoThumbnail } from './video-thumbnail.tsx';

const failed = (error: Error) =>
  toast({
    title: VIDEO_MESSAGES.errorTitle,
    description: error.message || VIDEO_MESSAGES.actionFailed,
    variant: 'destructive',
  });

/** The owner's edit, hide/show and delete (after a confirmation) for one video. */
function OwnerActions({ groupId, video }: { groupId: string; video: GroupVideo }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateVideo(groupId);
  const remove = useDeleteVideo(groupId);

  const handleToggleVisible = () =>
    update.mutate(
      { videoId: video.id, input: { isVisible: !video.isVisible } },
      {
        onSuccess: (saved) =>
          toast({ title: saved.isVisible ? VIDEO_MESSAGES.shown : VIDEO_MESSAGES.hidden }),
        onError: failed,
      },
    );
  const handleDelete = () =>
    remove.mutate(video.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: VIDEO_MESSAGES.deleted });
      },
      onError: failed,
    });

  return (
    <div className="flex flex-wrap gap-1">
      <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
        <Pencil className="size-4" aria-hidden />
        {VIDEO_MESSAGES.edit}
      </Button>
      <Button variant="ghost" size="sm" disabled={update.isPending} onClick={handleToggleVisible}>
        {video.isVisible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        {video.isVisible ? VIDEO_MESSAGES.hide : VIDEO_MESSAGES.show}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 dark:text-red-300"
        onClick={() => setConfirming(true)}
      >
        <Trash2 className="size-4" aria-hidden />
        {VIDEO_MESSAGES.delete}
      </Button>
      <VideoFormDialog groupId={groupId} video={video} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={VIDEO_MESSAGES.deleteConfirmTitle}
        description={VIDEO_MESSAGES.deleteConfirm}
        confirmLabel={VIDEO_MESSAGES.delete}
        pendingLabel="Excluindo..."
        isPending={remove.isPending}
        destructive
        onConfirm={handleDelete}
      />
    </div>
  );
}

function GroupVideoItem({
  groupId,
  video,
  isOwner,
}: {
  groupId: string;
  video: GroupVideo;
  isOwner: boolean;
}) {
  const titleId = useId();
  const to = paths.groupVideo(groupId, video.id);
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-700/60 dark:bg-slate-900"
      >
        <Link to={to} tabIndex={-1} aria-hidden className="w-32 shrink-0 sm:w-40">
          <VideoThumbnail src={video.thumbnail} className="rounded-xl">
            <DurationBadge seconds={video.duration} className="absolute right-1 bottom-1" />
          </VideoThumbnail>
        </Link>
        <div className="grid min-w-0 flex-1 content-start gap-1.5">
          <h3 id={titleId} className="line-clamp-2 leading-snug font-semibold">
            <Link
              to={to}
              className="hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              {video.title}
            </Link>
          </h3>
          <div className="flex flex-wrap items-center gap-1.5">
            <VideoCategoryBadge category={video.category} />
            {!video.isVisible && <HiddenBadge />}
            <span className="text-xs text-slate-500 dark:text-slate-400">{viewsText(video.views)}</span>
          </div>
          {isOwner && <OwnerActions groupId={groupId} video={video} />}
        </div>
      </article>
    </li>
  );
}

function GroupVideoList({ groupId, isOwner }: { groupId: string; isOwner: boolean }) {
  const query = useGroupVideos(groupId);
  if (query.isPending) {
    return (
      <div role="status" aria-label={VIDEO_MESSAGES.loading} className="grid gap-3">
        <Skeleton radius="2xl" className="h-24" />
        <Skeleton radius="2xl" className="h-24" />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-8 text-center">
        <p className="text-sm text-red-700 dark:text-red-300">{query.error.message}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <RefreshCw className="size-4" aria-hidden />
          {VIDEO_MESSAGES.retry}
        </Button>
      </div>
    );
  }
  const videos = query.data.pages.flatMap((page) => page.data);
  if (videos.length === 0) {
    return (
      <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">
        {VIDEO_MESSAGES.groupEmpty}
      </p>
    );
  }
  return (
    <>
      <ul aria-label={VIDEO_MESSAGES.title} className="grid gap-3">
        {videos.map((video) => (
          <GroupVideoItem key={video.id} groupId={groupId} video={video} isOwner={isOwner} />
        ))}
      </ul>
      <LoadMoreButton
        query={query}
        label={VIDEO_MESSAGES.groupLoadMore}
        pendingLabel={VIDEO_MESSAGES.groupLoadMore}
        failedText={VIDEO_MESSAGES.fetchFailed}
      />
    </>
  );
}

/** The group page's 'Vídeos' tab: the group's videos; its owner also adds, edits, hides and deletes. */
export function GroupVideosTab({ groupId, isOwner }: { groupId: string; isOwner: boolean }) {
  const [adding, setAdding] = useState(false);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {isOwner && (
          <>
            <Button onClick={() => setAdding(true)}>
              <Plus className="size-4" aria-hidden />
              {VIDEO_MESSAGES.add}
            </Button>
            <VideoFormDialog groupId={groupId} open={adding} onOpenChange={setAdding} />
          </>
        )}
        <Link to={routes.videos} className={buttonClasses({ variant: 'link', className: 'ml-auto text-sm' })}>
          <Library className="size-4" aria-hidden />
          {VIDEO_MESSAGES.library}
        </Link>
      </div>
      <GroupVideoList groupId={groupId} isOwner={isOwner} />
    </div>
  );
}
