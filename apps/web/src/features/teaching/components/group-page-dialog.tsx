import { type GroupPageInput, groupPageInputSchema } from '@estudai/contract';
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
import { useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { bodyResolver, CHECKED_WHEN_SENT, firstErrorMessage } from '../../../lib/form.ts';
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

/** The fields as the call's body, which the contract's schema (the server's) checks. */
const toGroupPageBody = (values: PageValues): GroupPageInput => ({
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
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PageValues, unknown, GroupPageInput>({
    ...CHECKED_WHEN_SENT,
    resolver: bodyResolver(groupPageInputSchema, toGroupPageBody),
    defaultValues: valuesOf(page),
  });
  const modules = useFieldArray({ control, name: 'modules' });
  const faq = useFieldArray({ control, name: 'faq' });

  const handleSave = handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => {
        toast({ title: M.groupPageSaved });
        onOpenChange(false);
      },
      onError: (failure) => setError('root', { message: failure.message }),
    }),
  );

  const error = firstErrorMessage(errors);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={M.editGroupPage} description={M.groupPageEmpty} size="lg">
        <form onSubmit={handleSave} noValidate className="grid gap-5 p-5">
          <Field label={M.learnOutcomesTitle} hint={M.learnOutcomesHint}>
            {({ id, hintId }) => (
              <Textarea
                id={id}
                aria-describedby={hintId}
                maxLength={LEARN_OUTCOMES_MAX}
                {...register('learnOutcomes')}
              />
            )}
          </Field>

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-base font-semibold">{M.syllabusTitle}</legend>
            {modules.fields.map((module, index) => (
              <div
                key={module.id}
                className="grid gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
              >
                <ItemHeader
                  label={M.syllabusModule(index + 1)}
                  removeLabel={M.removeModule(index + 1)}
                  onRemove={() => modules.remove(index)}
                />
                <Field label={M.syllabusModuleTitle}>
                  {({ id }) => (
                    <Input id={id} maxLength={SYLLABUS_TITLE_MAX} {...register(`modules.${index}.title`)} />
                  )}
                </Field>
                <Field label={M.syllabusLessons}>
                  {({ id }) => <Textarea id={id} {...register(`modules.${index}.lessons`)} />}
                </Field>
              </div>
            ))}
            {modules.fields.length < SYLLABUS_MODULES_MAX && (
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => modules.append({ title: '', lessons: '' }, { shouldFocus: false })}
              >
                <Plus className="size-4" aria-hidden />
                {M.addModule}
              </Button>
            )}
          </fieldset>

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-base font-semibold">{M.faqTitle}</legend>
            {faq.fields.map((item, index) => (
              <div
                key={item.id}
                className="grid gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
              >
                <ItemHeader
                  label={M.faqItem(index + 1)}
                  removeLabel={M.removeFaq(index + 1)}
                  onRemove={() => faq.remove(index)}
                />
                <Field label={M.faqQuestion}>
                  {({ id }) => (
                    <Input id={id} maxLength={FAQ_QUESTION_MAX} {...register(`faq.${index}.question`)} />
                  )}
                </Field>
                <Field label={M.faqAnswer}>
                  {({ id }) => (
                    <Textarea
                      id={id}
                      size="sm"
                      maxLength={FAQ_ANSWER_MAX}
                      {...register(`faq.${index}.answer`)}
                    />
                  )}
                </Field>
              </div>
            ))}
            {faq.fields.length < FAQ_ITEMS_MAX && (
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => faq.append({ question: '', answer: '' }, { shouldFocus: false })}
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
