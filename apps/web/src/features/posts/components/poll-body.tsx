import type { Post } from '@estudai/contract/constants';
import { Check, Clock } from 'lucide-react';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { cn } from '../../../lib/cn.ts';
import { useVotePoll } from '../api/vote-poll.ts';
import { formatPollTimeLeft, isPollClosed, votePercentage } from '../poll-expiry.ts';

/** Spec §2: one click votes; after voting (or once closed) the shares show as bars. */
export function PollBody({ post }: { post: Post }) {
  const vote = useVotePoll(post);
  const data = post.pollData;
  if (!data) return null;

  const voted = post.viewerVote ?? null;
  const closed = isPollClosed(data.expiresAt);
  const showResults = voted !== null || closed;
  const timeLeft = data.expiresAt ? formatPollTimeLeft(data.expiresAt) : null;

  return (
    <div className="grid gap-3">
      {post.content && <RichText text={post.content} />}
      <RichText text={data.question} className="font-medium" />
      {showResults ? (
        <ul className="grid gap-2" aria-label="Resultado da enquete">
          {data.options.map((option, index) => {
            const percentage = votePercentage(option.votes, data.totalVotes);
            const mine = index === voted;
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: the index is the option's identity
                key={index}
                className="relative overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700"
              >
                <div
                  aria-hidden
                  data-testid="poll-bar"
                  className={cn(
                    'absolute inset-y-0 left-0 transition-[width] duration-500',
                    mine ? 'bg-indigo-200 dark:bg-indigo-900' : 'bg-slate-100 dark:bg-slate-800',
                  )}
                  style={{ width: `${percentage}%` }}
                />
                <div className="relative flex items-center gap-2 px-3 py-2.5 text-sm">
                  <RichText as="span" text={option.text} className="min-w-0 flex-1" />
                  {mine && (
                    <span className="flex items-center gap-1 text-xs font-medium text-indigo-700 dark:text-indigo-300">
                      <Check className="size-4" aria-hidden />
                      Seu voto
                    </span>
                  )}
                  <span className="font-semibold tabular-nums">{percentage}%</span>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <fieldset className="grid gap-2">
          <legend className="sr-only">Vote em uma opção</legend>
          {data.options.map((option, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the index is the option's identity
              key={index}
              type="button"
              disabled={vote.isPending}
              onClick={() => vote.mutate({ postId: post.id, optionIndex: index })}
              className="rounded-xl border-2 border-slate-200 px-3 py-2.5 text-left text-sm transition-colors hover:border-indigo-400 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-indigo-950"
            >
              <RichText as="span" text={option.text} />
            </button>
          ))}
        </fieldset>
      )}
      <p className="flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
        <span>{data.totalVotes === 1 ? '1 voto' : `${data.totalVotes} votos`}</span>
        {(timeLeft || closed) && (
          <>
            <span aria-hidden>·</span>
            <span className="flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden />
              {timeLeft ?? 'Enquete encerrada'}
            </span>
          </>
        )}
      </p>
    </div>
  );
}
