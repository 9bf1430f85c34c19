import {
  FORUM_CONTENT_MAX,
  FORUM_TITLE_MAX,
  GROUP_MESSAGES,
  POST_MESSAGES,
} from '@estudai/contract/constants';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCreateForumTopic } from '../api/forum-create-topic.ts';

/** The new-topic form (spec §5): title and content, both non-empty once trimmed. */
export function ForumTopicForm({ groupId, id, onDone }: { groupId: string; id: string; onDone: () => void }) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const createTopic = useCreateForumTopic(groupId);
  const canCreate = title.trim().length > 0 && content.trim().length > 0 && !createTopic.isPending;

  const handleSubmit = () => {
    if (!canCreate) return;
    createTopic.mutate(
      { title: title.trim(), content: content.trim() },
      {
        onSuccess: () => {
          setTitle('');
          setContent('');
          toast({ title: 'Tópico criado!' });
          onDone();
        },
        onError: (error) =>
          toast({ title: POST_MESSAGES.errorTitle, description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <Card id={id} padding="sm">
      <form
        aria-label={GROUP_MESSAGES.newTopic}
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          handleSubmit();
        }}
      >
        <Field label="Título">
          {({ id: fieldId }) => (
            <Input
              id={fieldId}
              value={title}
              maxLength={FORUM_TITLE_MAX}
              onChange={(event) => setTitle(event.target.value)}
              placeholder="Qual é a sua dúvida?"
            />
          )}
        </Field>
        <Field label="Conteúdo">
          {({ id: fieldId }) => (
            <Textarea
              id={fieldId}
              value={content}
              maxLength={FORUM_CONTENT_MAX}
              onChange={(event) => setContent(event.target.value)}
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
