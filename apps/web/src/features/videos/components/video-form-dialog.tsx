import {
  type CreateVideoInput,
  type CreateVideoValues,
  createVideoInputSchema,
  type GroupVideo,
  VIDEO_CATEGORY_LABELS,
  VIDEO_CATEGORY_VALUES,
  VIDEO_LINKS_MAX,
  VIDEO_MESSAGES,
  videoSource,
} from '@estudai/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field, Input, inputClasses } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { formatVideoDuration, parseVideoDuration } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateVideo, useUpdateVideo } from '../api/manage-video.ts';

type Values = CreateVideoInput;

const emptyValues = (): Values => ({
  title: '',
  description: '',
  category: 'aula',
  videoUrl: '',
  thumbnail: '',
  duration: 0,
  links: [],
  isVisible: true,
});

/** The owner's own picture only: YouTube's, which the server adds when none is given, is left out. */
function ownThumbnail(video: GroupVideo): string {
  if (!video.thumbnail || !video.videoUrl) return video.thumbnail ?? '';
  const source = videoSource(video.videoUrl);
  const youtube = source.kind === 'youtube' ? `https://i.ytimg.com/vi/${source.id}/hqdefault.jpg` : null;
  return video.thumbnail === youtube ? '' : video.thumbnail;
}

const valuesOf = (video: GroupVideo): Values => ({
  title: video.title,
  description: video.description,
  category: video.category,
  videoUrl: video.videoUrl ?? '',
  thumbnail: ownThumbnail(video),
  duration: video.duration,
  links: video.links ?? [],
  isVisible: video.isVisible,
});

/** The length as typed ('1:02:03', '62:03' or '754'); the form holds seconds, as the contract does. */
function DurationInput({
  id,
  errorId,
  seconds,
  onChange,
  onBlur,
}: {
  id: string;
  errorId?: string;
  seconds: number | undefined;
  onChange: (seconds: number) => void;
  onBlur: () => void;
}) {
  const [text, setText] = useState(() => (seconds ? formatVideoDuration(seconds) : ''));
  return (
    <Input
      id={id}
      inputMode="numeric"
      placeholder="1:02:03"
      value={text}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseVideoDuration(event.target.value));
      }}
    />
  );
}

function VideoForm({ groupId, video, onDone }: { groupId: string; video?: GroupVideo; onDone: () => void }) {
  const form = useForm<Values, unknown, CreateVideoValues>({
    resolver: zodResolver(createVideoInputSchema),
    defaultValues: video ? valuesOf(video) : emptyValues(),
  });
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = form;
  const links = useFieldArray({ control, name: 'links' });
  const create = useCreateVideo(groupId);
  const update = useUpdateVideo(groupId);
  const isPending = create.isPending || update.isPending;
  const duration = watch('duration');

  const handleSave = handleSubmit((values) => {
    const callbacks = {
      onSuccess: () => {
        toast({ title: video ? VIDEO_MESSAGES.updated : VIDEO_MESSAGES.added });
        onDone();
      },
      onError: (error: Error) =>
        toast({
          title: VIDEO_MESSAGES.errorTitle,
          description: error.message || VIDEO_MESSAGES.actionFailed,
          variant: 'destructive',
        }),
    };
    if (video) update.mutate({ videoId: video.id, input: values }, callbacks);
    else create.mutate(values, callbacks);
  });

  const invalid = (message: string | undefined) => ({ 'aria-invalid': Boolean(message) });

  return (
    <form noValidate onSubmit={handleSave} className="grid gap-4 p-5">
      <Field label="Título" error={errors.title?.message}>
        {({ id, errorId }) => (
          <Input
            id={id}
            aria-describedby={errorId}
            {...invalid(errors.title?.message)}
            {...register('title')}
          />
        )}
      </Field>
      <Field label="Descrição" error={errors.description?.message}>
        {({ id, errorId }) => (
          <Textarea id={id} rows={3} aria-describedby={errorId} {...register('description')} />
        )}
      </Field>
      <Field label="Categoria" error={errors.category?.message}>
        {({ id }) => (
          <select id={id} className={inputClasses} {...register('category')}>
            {VIDEO_CATEGORY_VALUES.map((category) => (
              <option key={category} value={category}>
                {VIDEO_CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Link do vídeo (YouTube, Vimeo ou .mp4)" error={errors.videoUrl?.message}>
        {({ id, errorId }) => (
          <Input
            id={id}
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=..."
            aria-describedby={errorId}
            {...invalid(errors.videoUrl?.message)}
            {...register('videoUrl')}
          />
        )}
      </Field>
      <Field label="Miniatura (opcional)" error={errors.thumbnail?.message}>
        {({ id, errorId }) => (
          <Input
            id={id}
            type="url"
            inputMode="url"
            placeholder="https://... (a do YouTube é usada se ficar vazio)"
            aria-describedby={errorId}
            {...invalid(errors.thumbnail?.message)}
            {...register('thumbnail')}
          />
        )}
      </Field>
      <Field label="Duração (h:mm:ss, m:ss ou segundos)" error={errors.duration?.message}>
        {({ id, errorId }) => (
          <>
            <Controller
              control={control}
              name="duration"
              render={({ field }) => (
                <DurationInput
                  id={id}
                  errorId={errors.duration ? errorId : undefined}
                  seconds={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
            {typeof duration === 'number' && duration > 0 && (
              <p className="text-xs text-slate-500 dark:text-slate-400">{formatVideoDuration(duration)}</p>
            )}
          </>
        )}
      </Field>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">
          {VIDEO_MESSAGES.advertiserLinks}
        </legend>
        {links.fields.map((field, index) => (
          <div
            key={field.id}
            className="grid gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
          >
            <Field label={`Título do link ${index + 1}`} error={errors.links?.[index]?.title?.message}>
              {({ id, errorId }) => (
                <Input id={id} aria-describedby={errorId} {...register(`links.${index}.title`)} />
              )}
            </Field>
            <Field label={`Endereço do link ${index + 1}`} error={errors.links?.[index]?.url?.message}>
              {({ id, errorId }) => (
                <Input id={id} type="url" aria-describedby={errorId} {...register(`links.${index}.url`)} />
              )}
            </Field>
            <div className="flex items-end gap-2">
              <div className="flex-1">
                <Field label={`Tipo do link ${index + 1}`}>
                  {({ id }) => (
                    <select id={id} className={inputClasses} {...register(`links.${index}.type`)}>
                      <option value="link">Link</option>
                      <option value="download">Download</option>
                    </select>
                  )}
                </Field>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`${VIDEO_MESSAGES.removeLink} ${index + 1}`}
                onClick={() => links.remove(index)}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </div>
          </div>
        ))}
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={links.fields.length >= VIDEO_LINKS_MAX}
          onClick={() => links.append({ title: '', url: '', type: 'link' })}
        >
          <Plus className="size-4" aria-hidden />
          {VIDEO_MESSAGES.addLink}
        </Button>
      </fieldset>

      <div className="sticky bottom-0 -mx-5 -mb-5 flex gap-2 border-t border-slate-200 bg-white px-5 py-4 dark:border-slate-800 dark:bg-slate-900">
        <Button variant="outline" className="flex-1" onClick={onDone}>
          {VIDEO_MESSAGES.cancel}
        </Button>
        <Button type="submit" className="flex-1" disabled={isPending}>
          {isPending ? VIDEO_MESSAGES.saving : VIDEO_MESSAGES.save}
        </Button>
      </div>
    </form>
  );
}

/** The owner's 'Adicionar vídeo' (or 'Editar vídeo') form, validated by the contract's own schema. */
export function VideoFormDialog({
  groupId,
  video,
  open,
  onOpenChange,
}: {
  groupId: string;
  video?: GroupVideo;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={video ? VIDEO_MESSAGES.edit : VIDEO_MESSAGES.add}>
        {open && <VideoForm groupId={groupId} video={video} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
