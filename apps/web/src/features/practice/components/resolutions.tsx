import {
  type BankQuestion,
  PRACTICE_MESSAGES as M,
  RESOLUTION_CONTENT_MAX,
  type Resolution,
} from '@estudai/contract/constants';
import { Award, GraduationCap, ThumbsUp } from 'lucide-react';
import { useId, useState } from 'react';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useResolutions, useVoteResolution, useWriteResolution } from '../api/practice.ts';

type QuestionRef = Pick<BankQuestion, 'postId' | 'questionIndex' | 'postType'>;

function ResolutionItem({ resolution, question }: { resolution: Resolution; question: QuestionRef }) {
  const vote = useVoteResolution(question);
  return (
    <li className="grid gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{resolution.author.displayName}</span>
        {resolution.isTeacher && (
          <Badge tone="indigo">
            <GraduationCap className="size-3.5" aria-hidden />
            {M.teacherResolution}
          </Badge>
        )}
        {resolution.accepted && (
          <Badge tone="green">
            <Award className="size-3.5" aria-hidden />
            {M.bestResolution}
          </Badge>
        )}
      </div>
      <RichText text={resolution.content} className="text-sm" />
      <div>
        <Button
          variant={resolution.votedByMe ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={resolution.votedByMe}
          disabled={vote.isPending}
          onClick={() => vote.mutate({ id: resolution.id, voted: resolution.votedByMe })}
        >
          <ThumbsUp className="size-4" aria-hidden />
          {M.useful} · {resolution.votes}
        </Button>
      </div>
    </li>
  );
}

/** The resolutions of an answered question, teachers' first, and a form to write one. */
export function Resolutions({ question }: { question: QuestionRef }) {
  const list = useResolutions(question);
  const write = useWriteResolution(question);
  const [content, setContent] = useState('');
  const fieldId = useId();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 border-t border-slate-100 pt-3 dark:border-slate-800"
    >
      <h3 id={headingId} className="font-semibold">
        {M.resolutionsTitle}
      </h3>
      {list.isPending ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Carregando...</p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {list.error.message}
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{M.resolutionsEmpty}</p>
      ) : (
        <ul className="grid gap-2">
          {list.data.map((resolution) => (
            <ResolutionItem key={resolution.id} resolution={resolution} question={question} />
          ))}
        </ul>
      )}
      <form
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const text = content.trim();
          if (!text) return;
          write.mutate(text, { onSuccess: () => setContent('') });
        }}
      >
        <label htmlFor={fieldId} className="text-sm font-medium">
          {M.writeResolution}
        </label>
        <Textarea
          id={fieldId}
          size="sm"
          value={content}
          maxLength={RESOLUTION_CONTENT_MAX}
          placeholder={M.resolutionPlaceholder}
          onChange={(event) => setContent(event.target.value)}
        />
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={!content.trim() || write.isPending}>
            {write.isPending ? 'Enviando...' : M.sendResolution}
          </Button>
        </div>
      </form>
    </section>
  );
}
