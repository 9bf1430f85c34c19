import { groupPageInputSchema } from '@estudai/contract';
import {
  FAQ_ANSWER_MAX,
  FAQ_ITEMS_MAX,
  FAQ_QUESTION_MAX,
  type GroupPage,
  LEARN_OUTCOMES_MAX,
  TEACHING_MESSAGES as M,
  SYLLABUS_MODULES_MAX,
  SYLLABUS_TITLE_MAX,
} from '@estudai/contract/constants';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSaveGroupPage } from '../api/group-page.ts';

/** A module as edited: its lessons one per line in a text box. */
interface ModuleValues {
  title: string;
  lessons: string;
}

interface PageValues {
  learnOutcomes: string;
  modules: ModuleValues[];
  faq: { question: string; answer: string }[];
}

const valuesOf = (page: GroupPage): PageValues => ({
  learnOutcomes: page.learnOutcomes,
  modules: page.syllabus.map((module) => ({ title: module.title, lessons: module.lessons.join('\n') })),
  faq: page.faq.map(({ question, answer }) => ({ question, answer })),
});

/** The form's values as the call's body, checked with the contract's schema (the server's). */
export function toGroupPageInput(values: PageValues) {
  return groupPageInputSchema.safeParse({
    learnOutcomes: values.learnOutcomes,
    syllabus: values.modules.map((module) => ({
      title: module.title,
      lessons: module.lessons
        .split('\n')
        .map((lesson) => lesson.trim())
        .filter(Boolean),
    })),
    faq: values.faq,
  });
}

function ItemHeader({
  label,
  removeLabel,
  onRemove,
}: {
  label: string;
  removeLabel: string;
  onRemove(): void;
}) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h4 className="text-sm font-semibold text-slate-700 dark:text-slate-200">{label}</h4>
      <Button variant="ghost" size="icon" aria-label={removeLabel} onClick={onRemove}>
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </div>
  );
}

/**
 * 'Editar página do grupo': the owner writes what a prospective member reads before joining. The
 * form starts from `page` when mounted: give it a new `key` per opening to drop an abandoned draft.
 */
export function GroupPageDialog({
  groupId,
  page,
  open,
  onOpenChange,
}: {
  groupId: string;
  page: GroupPage;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveGroupPage(groupId);
  const [values, setValues] = useState(() => valuesOf(page));
  const [error, setError] = useState<string | null>(null);

  const setModule = (index: number, patch: Partial<ModuleValues>) =>
    setValues((current) => ({
      ...current,
      modules: current.modules.map((module, i) => (i === index ? { ...module, ...patch } : module)),
    }));
  const setFaq = (index: number, patch: Partial<PageValues['faq'][number]>) =>
    setValues((current) => ({
      ...current,
      faq: current.faq.map((item, i) => (i === index ? { ...item, ...patch } : item)),
    }));
  const remove = (key: 'modules' | 'faq', index: number) =>
    setValues((current) => ({ ...current, [key]: current[key].filter((_, i) => i !== index) }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = toGroupPageInput(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Confira os campos.');
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: M.groupPageSaved });
        onOpenChange(false);
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={M.editGroupPage} description={M.groupPageEmpty} size="lg">
        <form onSubmit={handleSubmit} noValidate className="grid gap-5 p-5">
          <Field label={M.learnOutcomesTitle} hint={M.learnOutcomesHint}>
            {({ id, hintId }) => (
              <Textarea
                id={id}
                aria-describedby={hintId}
                maxLength={LEARN_OUTCOMES_MAX}
                value={values.learnOutcomes}
                onChange={(event) =>
                  setValues((current) => ({ ...current, learnOutcomes: event.target.value }))
                }
              />
            )}
          </Field>

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-base font-semibold">{M.syllabusTitle}</legend>
            {values.modules.map((module, index) => (
              <div
                // Modules have no id until saved; their place is who they are while editing.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                className="grid gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
              >
                <ItemHeader
                  label={M.syllabusModule(index + 1)}
                  removeLabel={M.removeModule(index + 1)}
                  onRemove={() => remove('modules', index)}
                />
                <Field label={M.syllabusModuleTitle}>
                  {({ id }) => (
                    <Input
                      id={id}
                      maxLength={SYLLABUS_TITLE_MAX}
                      value={module.title}
                      onChange={(event) => setModule(index, { title: event.target.value })}
                    />
                  )}
                </Field>
                <Field label={M.syllabusLessons}>
                  {({ id }) => (
                    <Textarea
                      id={id}
                      value={module.lessons}
                      onChange={(event) => setModule(index, { lessons: event.target.value })}
                    />
                  )}
                </Field>
              </div>
            ))}
            {values.modules.length < SYLLABUS_MODULES_MAX && (
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() =>
                  setValues((current) => ({
                    ...current,
                    modules: [...current.modules, { title: '', lessons: '' }],
                  }))
                }
              >
                <Plus className="size-4" aria-hidden />
                {M.addModule}
              </Button>
            )}
          </fieldset>

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-base font-semibold">{M.faqTitle}</legend>
            {values.faq.map((item, index) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: questions have no id until saved
                key={index}
                className="grid gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
              >
                <ItemHeader
                  label={M.faqItem(index + 1)}
                  removeLabel={M.removeFaq(index + 1)}
                  onRemove={() => remove('faq', index)}
                />
                <Field label={M.faqQuestion}>
                  {({ id }) => (
                    <Input
                      id={id}
                      maxLength={FAQ_QUESTION_MAX}
                      value={item.question}
                      onChange={(event) => setFaq(index, { question: event.target.value })}
                    />
                  )}
                </Field>
                <Field label={M.faqAnswer}>
                  {({ id }) => (
                    <Textarea
                      id={id}
                      size="sm"
                      maxLength={FAQ_ANSWER_MAX}
                      value={item.answer}
                      onChange={(event) => setFaq(index, { answer: event.target.value })}
                    />
                  )}
                </Field>
              </div>
            ))}
            {values.faq.length < FAQ_ITEMS_MAX && (
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() =>
                  setValues((current) => ({
                    ...current,
                    faq: [...current.faq, { question: '', answer: '' }],
                  }))
                }
              >
                <Plus className="size-4" aria-hidden />
                {M.addFaq}
              </Button>
            )}
          </fieldset>

          {error && (
            <p
              role="alert"
              className="rounded-xl bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/40 dark:text-red-200"
            >
              {error}
            </p>
          )}
          <Button type="submit" size="lg" disabled={save.isPending}>
            {save.isPending ? 'Salvando...' : 'Salvar página'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
