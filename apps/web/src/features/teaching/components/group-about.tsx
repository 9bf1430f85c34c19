import { type GroupPage, TEACHING_MESSAGES as M, type StudyGroup } from '@estudai/contract/constants';
import { Check, ChevronDown, Pencil, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useGroupPage } from '../api/group-page.ts';
import { GroupPageDialog } from './group-page-dialog.tsx';

const subheading = 'text-base font-semibold text-slate-900 dark:text-slate-100';
/** A disclosure's summary: our chevron instead of the browser's triangle. */
const summaryClasses =
  'flex cursor-pointer list-none items-center gap-3 px-3 py-2.5 text-sm [&::-webkit-details-marker]:hidden';
const chevron = (
  <ChevronDown
    className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
    aria-hidden
  />
);

function LearnOutcomes({ text }: { text: string }) {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <div className="grid gap-2">
      <h3 className={subheading}>{M.learnOutcomesTitle}</h3>
      <ul className="grid gap-1.5">
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one text, in order
          <li key={index} className="flex gap-2 text-sm text-slate-700 dark:text-slate-200">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
            <span className="min-w-0 break-words">{line}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Syllabus({ modules }: { modules: GroupPage['syllabus'] }) {
  return (
    <div className="grid gap-2">
      <h3 className={subheading}>{M.syllabusTitle}</h3>
      <ol className="grid gap-2">
        {modules.map((module, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: modules in the owner's order
          <li key={index}>
            <details className="group rounded-xl border border-slate-200 dark:border-slate-700">
              <summary className={summaryClasses}>
                <span className="min-w-0 flex-1 break-words font-medium">
                  {M.syllabusModule(index + 1)}: {module.title}
                </span>
                <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                  {M.lessonsCount(module.lessons.length)}
                </span>
                {chevron}
              </summary>
              {module.lessons.length > 0 && (
                <ol className="grid list-decimal gap-1 border-t border-slate-200 py-2 pr-3 pl-8 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-200">
                  {module.lessons.map((lesson, lessonIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: lessons in the owner's order
                    <li key={lessonIndex} className="break-words">
                      {lesson}
                    </li>
                  ))}
                </ol>
              )}
            </details>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Faq({ items }: { items: GroupPage['faq'] }) {
  return (
    <div className="grid gap-2">
      <h3 className={subheading}>{M.faqTitle}</h3>
      {items.map((item, index) => (
        <details
          // biome-ignore lint/suspicious/noArrayIndexKey: questions in the owner's order
          key={index}
          className="group rounded-xl border border-slate-200 dark:border-slate-700"
        >
          <summary className={summaryClasses}>
            <span className="min-w-0 flex-1 font-medium break-words">{item.question}</span>
            {chevron}
          </summary>
          <p className="border-t border-slate-200 px-3 py-2 text-sm whitespace-pre-line break-words text-slate-700 dark:border-slate-700 dark:text-slate-200">
            {item.answer}
          </p>
        </details>
      ))}
    </div>
  );
}

function Reviews({ reviews }: { reviews: GroupPage['reviews'] }) {
  return (
    <div className="grid gap-2">
      <h3 className={subheading}>{M.reviewsTitle}</h3>
      <ul className="grid gap-3">
        {reviews.map((review) => (
          <li key={review.userId} className="grid gap-1">
            <div className="flex min-w-0 items-center gap-2 text-sm">
              <UserAvatar name={review.displayName} src={review.avatar} size={7} />
              <span className="truncate font-medium">{review.displayName}</span>
              <span
                role="img"
                aria-label={`${review.rating} de 5 estrelas`}
                className="flex shrink-0 text-amber-500"
              >
                {[1, 2, 3, 4, 5].map((value) => (
                  <Star
                    key={value}
                    className="size-3.5"
                    fill={value <= review.rating ? 'currentColor' : 'none'}
                    aria-hidden
                  />
                ))}
              </span>
              <time dateTime={review.updatedAt} className="ml-auto shrink-0 text-xs text-slate-500">
                {formatDate(review.updatedAt)}
              </time>
            </div>
            <p className="text-sm whitespace-pre-line break-words text-slate-700 dark:text-slate-200">
              {review.comment}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * 'Sobre o grupo': what the owner wrote for prospective members ('O que você vai aprender', the
 * syllabus, 'Perguntas frequentes') and the members' ratings with a comment. The owner edits it;
 * nothing shows to others while it is empty.
 */
export function GroupAbout({ group }: { group: StudyGroup }) {
  const page = useGroupPage(group.id);
  const headingId = useId();
  const [openings, setOpenings] = useState(0);
  const [editing, setEditing] = useState(false);
  if (!page.data) return null;
  const { learnOutcomes, syllabus, faq, reviews } = page.data;
  const isEmpty = !learnOutcomes.trim() && syllabus.length === 0 && faq.length === 0 && reviews.length === 0;
  if (isEmpty && !group.isOwner) return null;

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {M.aboutTitle}
        </h2>
        {group.isOwner && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setOpenings((count) => count + 1);
              setEditing(true);
            }}
          >
            <Pencil className="size-4" aria-hidden />
            {M.editGroupPage}
          </Button>
        )}
      </div>
      {isEmpty && <p className="text-sm text-slate-600 dark:text-slate-300">{M.groupPageEmpty}</p>}
      {learnOutcomes.trim() && <LearnOutcomes text={learnOutcomes} />}
      {syllabus.length > 0 && <Syllabus modules={syllabus} />}
      {faq.length > 0 && <Faq items={faq} />}
      {reviews.length > 0 && <Reviews reviews={reviews} />}
      {group.isOwner && (
        <GroupPageDialog
          key={openings}
          groupId={group.id}
          page={page.data}
          open={editing}
          onOpenChange={setEditing}
        />
      )}
    </section>
  );
}
