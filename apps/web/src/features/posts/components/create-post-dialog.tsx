import { POST_MESSAGES, type PostType } from '@estudai/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import {
  BarChart3,
  CircleHelp,
  FileText,
  ListChecks,
  type LucideIcon,
  Paperclip,
  Image as Photo,
} from 'lucide-react';
import { useRef } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { useSocialAutocomplete } from '../../../components/social-autocomplete.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field, inputClasses } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { cn } from '../../../lib/cn.ts';
import { useMe } from '../../../lib/me.ts';
import { groupKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreatePost } from '../api/create-post.ts';
import { getGroupPostsQueryOptions } from '../api/get-group-posts.ts';
import { usePostableGroups } from '../api/get-postable-groups.ts';
import {
  type CreatePostValues,
  checkCreatePost,
  emptyCreatePostValues,
  questionMetaOf,
} from '../create-post-validation.ts';
import { readLastQuestionMeta, writeLastQuestionMeta } from '../question-meta-memory.ts';
import { MediaUrlFields } from './media-url-fields.tsx';
import { PollFields } from './poll-fields.tsx';
import { QuestionFields } from './question-fields.tsx';
import { QuizFields } from './quiz-fields.tsx';

const TYPES: { type: PostType; label: string; Icon: LucideIcon }[] = [
  { type: 'text', label: 'Texto', Icon: FileText },
  { type: 'question', label: 'Questão', Icon: CircleHelp },
  { type: 'poll', label: 'Enquete', Icon: BarChart3 },
  { type: 'question_set', label: 'Quiz', Icon: ListChecks },
  { type: 'photo', label: 'Foto', Icon: Photo },
  { type: 'attachment', label: 'Anexo', Icon: Paperclip },
];

/** The post's text, offering the people the author follows after '@' and popular tags after '#'. */
function ContentBox({ id, rows }: { id: string; rows: number }) {
  const { register, watch, setValue } = useFormContext<CreatePostValues>();
  const { ref, onChange, ...field } = register('content');
  const input = useRef<HTMLTextAreaElement | null>(null);
  const suggestions = useSocialAutocomplete({
    value: watch('content'),
    onChange: (next) => setValue('content', next, { shouldDirty: true }),
    inputRef: input,
  });
  return (
    <div className="grid gap-2">
      <Textarea
        id={id}
        rows={rows}
        placeholder="Compartilhe algo com a comunidade... Use **negrito**, $x^2$ para fórmulas, #hashtags e @menções."
        {...field}
        {...suggestions.inputProps}
        ref={(element) => {
          ref(element);
          input.current = element;
        }}
        onChange={(event) => {
          void onChange(event);
          suggestions.trackChange(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={(event) => {
          suggestions.handleKeyDown(event);
        }}
      />
      {suggestions.list}
    </div>
  );
}

/** Under 'Publicar em' for a followers-only profile posting to the main feed (issue 36). */
export const FOLLOWERS_ONLY_AUDIENCE =
  'Seu perfil é só para seguidores: este post aparece apenas para quem segue você.';

/**
 * Spec §4/§5: 'Criar novo post' with the six types; closes, resets and refreshes the feed (or the
 * group's posts) on success. 'Publicar em' is the main feed unless `defaultStudyGroupId` says a group.
 */
export function CreatePostDialog({
  open,
  onOpenChange,
  defaultStudyGroupId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultStudyGroupId?: string;
}) {
  const userId = useAuth().user?.id;
  const me = useMe();
  // Questions start with the subject, topic, exam and year of the author's last one.
  const startValues = () => ({
    ...emptyCreatePostValues(readLastQuestionMeta(userId)),
    studyGroupId: defaultStudyGroupId ?? '',
  });
  const form = useForm<CreatePostValues>({ defaultValues: startValues() });
  const { register, handleSubmit, watch, reset, setValue } = form;
  const createPost = useCreatePost();
  const queryClient = useQueryClient();
  const groups = usePostableGroups(open);
  const type = watch('type');
  const studyGroupId = watch('studyGroupId');
  const uploading = watch('uploading');

  const handlePublish = handleSubmit((values) => {
    const checked = checkCreatePost(values);
    if (!checked.ok) {
      toast({ title: POST_MESSAGES.errorTitle, description: checked.message, variant: 'destructive' });
      return;
    }
    createPost.mutate(checked.data, {
      onSuccess: () => {
        toast({ title: POST_MESSAGES.createdTitle, description: POST_MESSAGES.created });
        const lastQuestion =
          values.type === 'question'
            ? values.question
            : values.type === 'question_set' && values.quiz.questions.at(-1);
        if (lastQuestion) writeLastQuestionMeta(userId, questionMetaOf(lastQuestion));
        const groupId = checked.data.studyGroupId;
        if (groupId) {
          void queryClient.invalidateQueries({ queryKey: getGroupPostsQueryOptions(groupId).queryKey });
          void queryClient.invalidateQueries({ queryKey: groupKeys.detail(groupId) });
        }
        reset(startValues());
        onOpenChange(false);
      },
      onError: () =>
        toast({
          title: POST_MESSAGES.errorTitle,
          description: POST_MESSAGES.createFailed,
          variant: 'destructive',
        }),
    });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Criar novo post">
        <FormProvider {...form}>
          <form noValidate onSubmit={handlePublish} className="grid gap-4 p-5">
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">
                Tipo de post
              </legend>
              <div className="grid grid-cols-3 gap-2">
                {TYPES.map(({ type: value, label, Icon }) => (
                  <label
                    key={value}
                    className={cn(
                      'flex cursor-pointer flex-col items-center gap-1 rounded-xl border p-2.5 text-xs font-medium transition-colors',
                      'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-500',
                      type === value
                        ? 'border-indigo-500 bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200'
                        : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800',
                    )}
                  >
                    <input type="radio" value={value} className="sr-only" {...register('type')} />
                    <Icon className="size-5" aria-hidden />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>

            <Field label={type === 'text' ? 'Conteúdo' : 'Texto (opcional)'}>
              {({ id }) => <ContentBox id={id} rows={type === 'text' ? 4 : 2} />}
            </Field>

            {type === 'question' && <QuestionFields path="question" />}
            {type === 'poll' && <PollFields />}
            {type === 'question_set' && <QuizFields />}
            {(type === 'photo' || type === 'attachment') && <MediaUrlFields key={type} kind={type} />}

            <Field
              label="Publicar em"
              hint={
                // A followers-only profile (every minor's by default) shows main-feed posts to followers
                // only: the composer says so before the post goes out (issue 36).
                !studyGroupId && me?.privacy.profileVisibility === 'followers'
                  ? FOLLOWERS_ONLY_AUDIENCE
                  : undefined
              }
            >
              {({ id, hintId }) => (
                <select
                  id={id}
                  aria-describedby={hintId}
                  className={inputClasses}
                  value={studyGroupId}
                  onChange={(event) => setValue('studyGroupId', event.target.value)}
                >
                  <option value="">Feed principal</option>
                  {groups.data?.map((group) => (
                    <option key={group.id} value={group.id}>
                      {group.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>

            <div className="sticky bottom-0 -mx-5 -mb-5 flex gap-2 border-t border-slate-200 bg-white px-5 py-4 dark:border-slate-800 dark:bg-slate-900">
              <Button variant="outline" className="flex-1" onClick={() => onOpenChange(false)}>
                Cancelar
              </Button>
              <Button type="submit" className="flex-1" disabled={createPost.isPending || uploading > 0}>
                {createPost.isPending ? 'Publicando...' : uploading > 0 ? 'Enviando arquivos...' : 'Publicar'}
              </Button>
            </div>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
