import { createTopicInputSchema } from '@estudai/contract';
import {
  FORUM_CONTENT_MAX,
  FORUM_TITLE_MAX,
  GROUP_MESSAGES,
  POST_MESSAGES,
} from '@estudai/contract/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { CHECKED_WHEN_SENT, firstErrorMessage } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateForumTopic } from '../api/forum-create-topic.ts';

/** The new-topic form (spec §5): title and content, both non-empty once trimmed. */
export function ForumTopicForm({ groupId, id, onDone }: { groupId: string; id: string; onDone: () => void }) {
  const { register, handleSubmit, reset, watch } = useForm({
    ...CHECKED_WHEN_SENT,
    resolver: zodResolver(createTopicInputSchema),
    defaultValues: { title: '', content: '' },
  });
  const createTopic = useCreateForumTopic(groupId);
  const { title, content } = watch();
  const canCreate = title.trim().length > 0 && content.trim().length > 0 && !createTopic.isPending;

  const failed = (message: string | undefined) =>
    toast({ title: POST_MESSAGES.errorTitle, description: message, variant: 'destructive' });
  const create = handleSubmit(
    (input) =>
      createTopic.mutate(input, {
        onSuccess: () => {
          reset();
          toast({ title: 'Tópico criado!' });
          onDone();
        },
        onError: (error) => failed(error.message),
      }),
    // Blank fields keep 'Criar tópico' off; what else the schema refuses gets its message, as the
    // server would answer it.
    (errors) => failed(firstErrorMessage(errors)),
  );

  return (
    <Card id={id} padding="sm">
      <form
        aria-label={GROUP_MESSAGES.newTopic}
        className="grid gap-3"
        onSubmit={(event) => {
          if (canCreate) void create(event);
          else event.preventDefault();
        }}
      >
        <Field label="Título">
          {({ id: fieldId }) => (
            <Input
              id={fieldId}
              maxLength={FORUM_TITLE_MAX}
              {...register('title')}
              placeholder="Qual é a sua dúvida?"
            />
          )}
        </Field>
        <Field label="Conteúdo">
          {({ id: fieldId }) => (
            <Textarea
              id={fieldId}
              maxLength={FORUM_CONTENT_MAX}
              {...register('content')}
              placeholder="Explique o que você já tentou e onde travou."
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" disabled={!canCreate}>
            {createTopic.isPending ? GROUP_MESSAGES.creatingTopic : 'Criar tópico'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
