import { POST_MESSAGES, type Post, type PostAuthor } from '@estudai/contract/constants';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatRelativeTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { PostMenu } from './post-menu.tsx';

/** Spec §2: the three special cards carry their kind as a label. */
const POST_TYPE_LABELS: Partial<Record<Post['type'], string>> = {
  question: 'Questão',
  poll: 'Enquete',
  question_set: 'Quiz',
};

const labelColors: Partial<Record<Post['type'], string>> = {
  question: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  poll: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  question_set: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200',
};

export function AuthorLine({
  author,
  createdAt,
  editedAt,
  headingId,
}: {
  author: PostAuthor;
  createdAt: string;
  editedAt?: string | null;
  headingId?: string;
}) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Link to={paths.user(author.id)} tabIndex={-1} aria-hidden>
        <UserAvatar name={author.displayName} src={author.avatar} />
      </Link>
      <div className="min-w-0">
        <p id={headingId} className="flex items-center gap-1 text-sm font-semibold">
          <Link to={paths.user(author.id)} className="truncate hover:underline">
            {author.displayName}
          </Link>
          {author.isVerified && (
            <BadgeCheck className="size-4 shrink-0 text-indigo-500" aria-label="Verificado" role="img" />
          )}
        </p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">
          @{author.username} ·{' '}
          <time dateTime={createdAt} title={formatDateTime(createdAt)}>
            {formatRelativeTime(createdAt)}
          </time>
          {editedAt && (
            <>
              {' · '}
              <span title={`Editado ${formatDateTime(editedAt)}`}>{POST_MESSAGES.edited}</span>
            </>
          )}
        </p>
      </div>
    </div>
  );
}

export function PostHeader({ post, headingId }: { post: Post; headingId: string }) {
  const label = POST_TYPE_LABELS[post.type];
  const { user } = useAuth();
  return (
    // Wrapping keeps the header's narrowest width that of its widest part, not their sum: the
    // '…' menu beside the label must not widen a 320 px screen.
    <header className="flex flex-wrap items-start justify-between gap-3">
      <AuthorLine
        author={post.author}
        createdAt={post.createdAt}
        editedAt={post.editedAt}
        headingId={headingId}
      />
      <div className="flex shrink-0 items-center gap-1">
        {label && (
          <span className={cn('rounded-full px-2.5 py-1 text-xs font-semibold', labelColors[post.type])}>
            {label}
          </span>
        )}
        {user && <PostMenu post={post} isOwn={user.id === post.author.id} />}
      </div>
    </header>
  );
}
