import { MEDIA_URLS_MAX, POST_MESSAGES } from '@estudai/contract/constants';
import { type KeyboardEvent, useCallback, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { safeHref } from '../../../components/rich-text/parse-rich-text.ts';
import { Field, Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import type { CreatePostValues } from '../create-post-validation.ts';
import { DeviceUploads } from './device-uploads.tsx';
import { LinkItem, PhotoItem } from './media-items.tsx';

const problem = (description: string) =>
  toast({ title: POST_MESSAGES.errorTitle, description, variant: 'destructive' });

/** Spec §5: links added by pressing Enter, trimmed, never empty or repeated, each removable. */
export function MediaUrlFields({ kind }: { kind: 'photo' | 'attachment' }) {
  const { control, register, setValue } = useFormContext<CreatePostValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'mediaUrls' });
  const [draft, setDraft] = useState('');

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the link; it must not send the whole form.
    event.preventDefault();
    const url = draft.trim();
    if (!url) return;
    if (fields.some((field) => field.url === url)) return problem(POST_MESSAGES.mediaDuplicate);
    if (!safeHref(url)) return problem(POST_MESSAGES.mediaInvalid);
    if (fields.length >= MEDIA_URLS_MAX) return problem(POST_MESSAGES.mediaTooMany);
    append({ url, alt: '' });
    setDraft('');
  };

  const handlePending = useCallback((pending: number) => setValue('uploading', pending), [setValue]);

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
      <DeviceUploads
        kind={kind}
        taken={fields.length}
        onUploaded={(url) => append({ url, alt: '' })}
        onPendingChange={handlePending}
      />
      <Field label={kind === 'photo' ? 'Link da imagem' : 'Link do anexo'}>
        {({ id }) => (
          <Input
            id={id}
            type="url"
            inputMode="url"
            placeholder="https://... e pressione Enter"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={handleKeyDown}
            enterKeyHint="enter"
          />
        )}
      </Field>
      {fields.length > 0 && kind === 'photo' && (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" aria-label="Imagens adicionadas">
          {fields.map((field, index) => (
            <PhotoItem
              key={field.id}
              url={field.url}
              index={index}
              count={fields.length}
              description={register(`mediaUrls.${index}.alt`)}
              onRemove={() => remove(index)}
            />
          ))}
        </ul>
      )}
      {fields.length > 0 && kind === 'attachment' && (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-1.5" aria-label="Links adicionados">
          {fields.map((field, index) => (
            <LinkItem key={field.id} url={field.url} onRemove={() => remove(index)} />
          ))}
        </ul>
      )}
    </div>
  );
}
