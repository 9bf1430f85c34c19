import { X } from 'lucide-react';
import { useCallback } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Image } from '../../../components/ui/image.tsx';
import type { CreatePostValues } from '../create-post-validation.ts';
import { DeviceUploads } from './device-uploads.tsx';

/**
 * A photo or attachment post's files, each sent from the device and removable. Issue 37: no field
 * for an outside address any more (an image from another site let its owner log every viewer's
 * IP); the server takes only the author's own uploads.
 */
export function MediaUrlFields({ kind }: { kind: 'photo' | 'attachment' }) {
  const { control, setValue } = useFormContext<CreatePostValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'mediaUrls' });

  const handlePending = useCallback((pending: number) => setValue('uploading', pending), [setValue]);

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
      <DeviceUploads
        kind={kind}
        taken={fields.length}
        onUploaded={(url) => append({ url })}
        onPendingChange={handlePending}
      />
      {fields.length > 0 && (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-1.5" aria-label="Links adicionados">
          {fields.map((field, index) => (
            <li
              key={field.id}
              className="flex items-center gap-2 rounded-xl bg-slate-100 py-1 pr-1 pl-3 text-sm dark:bg-slate-800"
            >
              {kind === 'photo' && (
                <Image src={field.url} alt="" className="size-10 shrink-0 rounded-lg object-cover" />
              )}
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
