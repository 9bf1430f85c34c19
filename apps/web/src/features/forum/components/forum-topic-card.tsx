import { type ForumTopic, GROUP_MESSAGES } from '@estudai/contract/constants';
import { EyeOff, Lock, MessageCircle, Pin, PinOff } from 'lucide-react';
import { useId, useState } from 'react';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatForumTime } from '../../../lib/format.ts';
import { useToggleTopicLike } from '../api/forum-like.ts';
import { usePinForumTopic } from '../api/forum-pin.ts';
import { ForumComments } from './forum-comments.tsx';
import { ForumLikeButton } from './forum-like-button.tsx';
import { ModerationMenu } from './moderation-menu.tsx';

/** One topic: a click on it (its title button) opens its replies and the reply box. */
export function ForumTopicCard({
  groupId,
  topic,
  isOwner,
}: {
  groupId: string;
  topic: ForumTopic;
  isOwner: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const like = useToggleTopicLike(groupId);
  const pin = usePinForumTopic(groupId);
  const titleId = useId();
  const repliesId = useId();
  // The author of a removed topic reads 'Removido pela moderação' and can do nothing more with it.
  const isRemovedForMe = topic.moderation !== null && !isOwner;

  return (
    <Card padding="none" tone={topic.isPinned ? 'highlight' : 'default'}>
      <article aria-labelledby={titleId} className="grid gap-3 p-4">
        {/* The whole upper part is the title button's click area (its ::after covers it). */}
        <div className="relative grid gap-2">
          <div className="flex items-center gap-2 text-sm">
            <UserAvatar name={topic.authorName} src={topic.authorAvatar} size={8} />
            <span className="min-w-0 truncate font-medium">{topic.authorName}</span>
            <span aria-hidden className="text-slate-400">
              ·
            </span>
            <time
              dateTime={topic.createdAt}
              title={formatDateTime(topic.createdAt)}
              className="shrink-0 text-xs text-slate-500 dark:text-slate-400"
            >
              {formatForumTime(topic.createdAt)}
            </time>
            {topic.isClosed && (
              <span className="ml-auto inline-flex shrink-0 items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
                <Lock className="size-3.5" aria-hidden />
                {GROUP_MESSAGES.topicClosedBadge}
              </span>
            )}
            {topic.moderation === 'hidden' && isOwner && (
              <span className="inline-flex shrink-0 items-center gap-1 text-xs text-red-700 dark:text-red-300">
                <EyeOff className="size-3.5" aria-hidden />
                {GROUP_MESSAGES.contentHiddenBadge}
              </span>
            )}
            {topic.isPinned && (
              <span
                className={cn(
                  'inline-flex items-center text-amber-600 dark:text-amber-400',
                  !topic.isClosed && 'ml-auto',
                )}
              >
                <Pin className="size-4 fill-current" aria-hidden />
                <span className="sr-only">Fixado</span>
              </span>
            )}
          </div>
          <h3 id={titleId} className="font-semibold leading-snug">
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={expanded ? repliesId : undefined}
              onClick={() => setExpanded((open) => !open)}
              className="text-left after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-indigo-500"
            >
              {topic.title}
            </button>
          </h3>
          <RichText
            text={topic.content}
            className={cn(
              'text-sm text-slate-700 dark:text-slate-200',
              isRemovedForMe && 'italic text-slate-500 dark:text-slate-400',
              // Open, the text is read in full and its links can be followed.
              expanded ? 'relative z-10' : 'line-clamp-2',
            )}
          />
        </div>
        <footer className="-mx-2.5 flex flex-wrap items-start gap-1 text-sm text-slate-600 dark:text-slate-300">
          <ForumLikeButton
            label="Curtir tópico"
            isLiked={topic.isLiked}
            likesCount={topic.likesCount}
            onToggle={() => {
              if (!like.isPending) like.mutate(topic.id);
            }}
          />
          <span className="inline-flex h-9 items-center gap-1.5 px-2.5">
            <MessageCircle className="size-4" aria-hidden />
            <span>{topic.repliesCount}</span>
            <span className="sr-only">{topic.repliesCount === 1 ? ' resposta' : ' respostas'}</span>
          </span>
          {isOwner && (
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto"
              disabled={pin.isPending}
              onClick={() => pin.mutate({ topicId: topic.id, isPinned: !topic.isPinned })}
            >
              {topic.isPinned ? (
                <PinOff className="size-4" aria-hidden />
              ) : (
                <Pin className="size-4" aria-hidden />
              )}
              {topic.isPinned ? 'Desafixar' : 'Fixar'}
            </Button>
          )}
          {isOwner && (
            <ModerationMenu
              groupId={groupId}
              label={`Moderar o tópico ${topic.title}`}
              target={{
                kind: 'topic',
                topicId: topic.id,
                isClosed: topic.isClosed,
                isHidden: topic.moderation === 'hidden',
              }}
            />
          )}
        </footer>
        {expanded && (
          <ForumComments
            id={repliesId}
            groupId={groupId}
            topicId={topic.id}
            topicTitle={topic.title}
            comments={topic.comments}
            isClosed={topic.isClosed || isRemovedForMe}
            canModerate={isOwner}
          />
        )}
      </article>
    </Card>
  );
}
