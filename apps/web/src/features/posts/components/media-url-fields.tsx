import {
  MEDIA_ALT_MAX,
  MEDIA_ALT_MESSAGES,
  MEDIA_URLS_MAX,
  POST_MESSAGES,
} from '@estudai/contract/constants';
import { X } from 'lucide-react';
import { type KeyboardEvent, useCallback, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { safeHref } from '../../../components/rich-text/parse-rich-text.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Image } from '../../../components/ui/image.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import type { CreatePostValues } from '../create-post-validation.ts';
import { DeviceUploads } from './device-uploads.tsx';

const problem = (description: string) =>
  toast({ title: POST_MESSAGES.errorTitle, description, variant: 'destructive' });

/** The description field of the photo at `index`, numbered when there are several. */
const altLabel = (index: number, count: number) =>
  count > 1
    ? MEDIA_ALT_MESSAGES.label.replace('da imagem', `da imagem ${index + 1}`)
    : MEDIA_ALT_MESSAGES.label;

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
        // Issue 36: each photo as a thumbnail with its description for screen readers, not its address.
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" aria-label="Imagens adicionadas">
          {fields.map((field, index) => (
            <li
              key={field.id}
              className="flex items-start gap-3 rounded-xl bg-slate-100 p-2 dark:bg-slate-800"
            >
              <Image src={field.url} alt="" className="size-20 shrink-0 rounded-lg object-cover" />
              <div className="min-w-0 flex-1">
                <Field label={altLabel(index, fields.length)}>
                  {({ id }) => (
                    <Input
                      id={id}
                      maxLength={MEDIA_ALT_MAX}
                      placeholder="Ex.: mapa mental de genética com as leis de Mendel"
                      {...register(`mediaUrls.${index}.alt`)}
                    />
                  )}
                </Field>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={fields.length > 1 ? `Remover imagem ${index + 1}` : 'Remover imagem'}
                onClick={() => remove(index)}
              >
                <X className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {fields.length > 0 && kind === 'attachment' && (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-1.5" aria-label="Links adicionados">
          {fields.map((field, index) => (
            <li
              key={field.id}
              className="flex items-center gap-2 rounded-xl bg-slate-100 py-1 pr-1 pl-3 text-sm dark:bg-slate-800"
            >
              <span className="min-w-0 flex-1 truncate">{field.url}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remover ${field.url}`}
                onClick={() => remove(index)}
              >
                <X className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
