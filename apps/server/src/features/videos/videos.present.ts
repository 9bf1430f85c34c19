import type { GroupVideo, VideoLink, VideoListItem } from '@estudai/contract';
import type { groupVideos } from '../../db/schema/index.ts';
import { derivedThumbnail } from './video-url.ts';

export type VideoRow = typeof groupVideos.$inferSelect;

export interface VideoGroupCard {
  id: string;
  name: string;
  isPaid: boolean;
  price: number;
  advertiser: { displayName: string; avatar: string | null };
}

/**
 * The owner's thumbnail, else YouTube's picture of the video, but only for viewers who may watch
 * it: that picture's address carries the video's id, which would open a paid lesson on YouTube.
 */
const thumbnailFor = (video: Pick<VideoRow, 'thumbnail' | 'videoUrl'>, canWatch: boolean) =>
  video.thumbnail ?? (canWatch ? derivedThumbnail(video.videoUrl) : null);

const toLinks = (links: VideoRow['links']): VideoLink[] =>
  links.map((link) => ({
    title: link.title,
    url: link.url,
    type: link.type === 'download' ? 'download' : 'link',
  }));

/** §3 Group video: the link and the advertiser links only for viewers who may watch. */
export function toGroupVideo(video: VideoRow, group: VideoGroupCard, canWatch: boolean): GroupVideo {
  return {
    id: video.id,
    studyGroupId: video.studyGroupId,
    title: video.title,
    description: video.description,
    category: video.category,
    videoUrl: canWatch ? video.videoUrl : null,
    thumbnail: thumbnailFor(video, canWatch),
    duration: video.duration,
    views: video.views,
    isVisible: video.isVisible,
    uploadedBy: video.uploadedBy,
    links: canWatch ? toLinks(video.links) : null,
    createdAt: video.createdAt.toISOString(),
    group,
    canWatch,
  };
}

export interface VideoListRow {
  video: Pick<
    VideoRow,
    | 'id'
    | 'title'
    | 'description'
    | 'category'
    | 'thumbnail'
    | 'videoUrl'
    | 'duration'
    | 'views'
    | 'createdAt'
  >;
  group: { id: string; name: string };
  advertiser: { displayName: string; avatar: string | null };
  canWatch: boolean;
}

/** §3 Video list item: a library card. */
export function toVideoListItem({ video, group, advertiser, canWatch }: VideoListRow): VideoListItem {
  return {
    id: video.id,
    title: video.title,
    description: video.description,
    category: video.category,
    thumbnail: thumbnailFor(video, canWatch),
    duration: video.duration,
    views: video.views,
    createdAt: video.createdAt.toISOString(),
    group: { id: group.id, name: group.name, advertiser },
  };
}
