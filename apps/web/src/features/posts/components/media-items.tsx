import { MEDIA_ALT_MAX, MEDIA_ALT_MESSAGES } from '@estudai/contract/constants';
import { X } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Image } from '../../../components/ui/image.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';

// A post's photos and links as the composer and 'Editar' list them: the same rows in both.

/** The description field of the photo at `index`, numbered when there are several. */
const altLabel = (index: number, count: number) =>
  count > 1
    ? MEDIA_ALT_MESSAGES.label.replace('da imagem', `da imagem ${index + 1}`)
    : MEDIA_ALT_MESSAGES.label;

/** Issue 36: a photo as a thumbnail with its description for screen readers, not its address. */
export function PhotoItem({
  url,
  index,
  count,
  description,
  onRemove,
  removable = true,
}: {
  url: string;
  index: number;
  count: number;
  /** The form's registration of this photo's description. */
  description: UseFormRegisterReturn;
  onRemove: () => void;
  removable?: boolean;
}) {
  return (
    <li className="flex items-start gap-3 rounded-xl bg-slate-100 p-2 dark:bg-slate-800">
      <Image src={url} alt="" className="size-20 shrink-0 rounded-lg object-cover" />
      <div className="min-w-0 flex-1">
        <Field label={altLabel(index, count)}>
          {({ id }) => (
            <Input
              id={id}
              maxLength={MEDIA_ALT_MAX}
              placeholder="Ex.: mapa mental de genética com as leis de Mendel"
              {...description}
            />
          )}
        </Field>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={count > 1 ? `Remover imagem ${index + 1}` : 'Remover imagem'}
        disabled={!removable}
        onClick={onRemove}
      >
        <X className="size-4" aria-hidden />
      </Button>
    </li>
  );
}

/** An attachment's link, cut with an ellipsis, and its 'Remover'. */
export function LinkItem({
  url,
  onRemove,
  removable = true,
}: {
  url: string;
  onRemove: () => void;
  removable?: boolean;
}) {
  return (
    <li className="flex min-w-0 items-center gap-2 rounded-xl bg-slate-100 py-1 pr-1 pl-3 text-sm dark:bg-slate-800">
      <span className="min-w-0 flex-1 truncate">{url}</span>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Remover ${url}`}
        disabled={!removable}
        onClick={onRemove}
      >
        <X className="size-4" aria-hidden />
      </Button>
    </li>
  );
}
