import {
  AVATAR_MAX_BYTES,
  BIO_MAX,
  DISPLAY_NAME_MAX,
  LOCATION_MAX,
  type UpdateProfileInput,
  USER_MESSAGES,
  USER_TYPE_LABELS,
  type UserProfile,
  type UserType,
  updateProfileSchema,
  WEBSITE_MAX,
} from '@estudai/contract';
import { Camera, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field, Input, inputClasses } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { bodyResolver, CHECKED_WHEN_SENT } from '../../../lib/form.ts';
import { isImageFile } from '../../../lib/image-file.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/** Spec §6: the editor offers these to anyone; admin only to whoever already is one. */
const EDITABLE_TYPES: UserType[] = ['aluno', 'professor', 'mentor', 'tutor'];

type AvatarState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; dataUrl: string }
  | { status: 'removed' };

interface FormValues {
  displayName: string;
  bio: string;
  location: string;
  website: string;
  userType: UserType;
}

const initialValues = (profile: UserProfile): FormValues => ({
  displayName: profile.displayName,
  bio: profile.bio,
  location: profile.location,
  website: profile.website,
  userType: profile.userType,
});

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function Counter({ length, max, unit = '' }: { length: number; max: number; unit?: string }) {
  return (
    <p
      aria-live="polite"
      className={cn(
        'text-right text-xs',
        length > max ? 'text-red-600' : 'text-slate-500 dark:text-slate-400',
      )}
    >
      {length}/{max}
      {unit}
    </p>
  );
}

function EditProfileForm({ profile, onDone }: { profile: UserProfile; onDone: () => void }) {
  const { register, handleSubmit, watch } = useForm<FormValues, unknown, UpdateProfileInput>({
    ...CHECKED_WHEN_SENT,
    // Every field of the form, as the schema takes them (the picture goes apart).
    resolver: bodyResolver(updateProfileSchema, (fields: FormValues) => fields),
    defaultValues: initialValues(profile),
  });
  // The picture is not a field: it is read from a file, and sent only when it changed.
  const [avatar, setAvatar] = useState<AvatarState>({ status: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);
  const typeId = useId();
  const update = useUpdateProfile();

  // Checked as it is typed: each field's message under it, and 'Salvar' off while one is wrong.
  const values = watch();
  const parsed = updateProfileSchema.safeParse(values);
  const errorOf = (field: keyof FormValues) =>
    parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
  const canSave = parsed.success && avatar.status !== 'loading' && !update.isPending;

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({
        title: USER_MESSAGES.avatarInvalidTitle,
        description: USER_MESSAGES.avatarInvalid,
        variant: 'destructive',
      });
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast({
        title: USER_MESSAGES.avatarTooLargeTitle,
        description: USER_MESSAGES.avatarTooLarge,
        variant: 'destructive',
      });
      return;
    }
    setAvatar({ status: 'loading' });
    try {
      // The type is the file name's say-so: a text file renamed '.png' is refused by its bytes.
      if (!(await isImageFile(file))) throw new Error('not an image');
      setAvatar({ status: 'loaded', dataUrl: await readAsDataUrl(file) });
      toast({ title: USER_MESSAGES.imageLoadedTitle, description: USER_MESSAGES.imageLoaded });
    } catch {
      setAvatar({ status: 'idle' });
      toast({
        title: USER_MESSAGES.avatarInvalidTitle,
        description: USER_MESSAGES.avatarInvalid,
        variant: 'destructive',
      });
    }
  };

  const handleSave = handleSubmit((fields) => {
    if (!canSave) return;
    const input: UpdateProfileInput = { ...fields };
    if (avatar.status === 'loaded') input.avatar = avatar.dataUrl;
    if (avatar.status === 'removed') input.avatar = null;
    update.mutate(input, { onSuccess: onDone });
  });

  const preview =
    avatar.status === 'loaded' ? avatar.dataUrl : avatar.status === 'removed' ? null : profile.avatar;
  const types = profile.userType === 'admin' ? [...EDITABLE_TYPES, 'admin' as const] : EDITABLE_TYPES;

  return (
    <form onSubmit={handleSave} className="grid gap-4 p-5" noValidate>
      <div className="flex items-center gap-4">
        <div className="relative">
          <UserAvatar name={values.displayName || profile.displayName} src={preview} size={20} />
          {avatar.status === 'loading' && (
            <span
              role="status"
              aria-label="Carregando imagem"
              className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70 dark:bg-slate-900/70"
            >
              <Spinner />
            </span>
          )}
        </div>
        <div className="grid gap-2">
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label="Escolher foto de perfil"
            onChange={(event) => void handleFile(event)}
          />
          <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
            <Camera className="size-4" aria-hidden />
            Alterar foto
          </Button>
          {preview && (
            <Button variant="ghost" size="sm" onClick={() => setAvatar({ status: 'removed' })}>
              <Trash2 className="size-4" aria-hidden />
              Remover foto
            </Button>
          )}
        </div>
      </div>

      <Field label="Nome" error={errorOf('displayName')}>
        {({ id, errorId }) => (
          <>
            <Input
              id={id}
              {...register('displayName')}
              aria-invalid={Boolean(errorId)}
              aria-describedby={errorId}
              autoComplete="name"
            />
            <Counter length={values.displayName.length} max={DISPLAY_NAME_MAX} />
          </>
        )}
      </Field>
      <Field label="Bio" error={errorOf('bio')}>
        {({ id, errorId }) => (
          <>
            <Textarea
              id={id}
              {...register('bio')}
              rows={3}
              aria-invalid={Boolean(errorId)}
              aria-describedby={errorId}
              placeholder="Conte um pouco sobre seus estudos"
            />
            <Counter length={values.bio.length} max={BIO_MAX} unit=" caracteres" />
          </>
        )}
      </Field>
      <Field label="Localização" error={errorOf('location')}>
        {({ id, errorId }) => (
          <>
            <Input
              id={id}
              {...register('location')}
              aria-invalid={Boolean(errorId)}
              aria-describedby={errorId}
              placeholder="Cidade, estado"
            />
            <Counter length={values.location.length} max={LOCATION_MAX} />
          </>
        )}
      </Field>
      <Field label="Site" error={errorOf('website')}>
        {({ id, errorId }) => (
          <>
            <Input
              id={id}
              type="url"
              inputMode="url"
              {...register('website')}
              aria-invalid={Boolean(errorId)}
              aria-describedby={errorId}
              placeholder="https://"
            />
            <Counter length={values.website.length} max={WEBSITE_MAX} />
          </>
        )}
      </Field>
      <div className="grid gap-1.5">
        <label htmlFor={typeId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
          Tipo de usuário
        </label>
        <select id={typeId} className={inputClasses} {...register('userType')}>
          {types.map((type) => (
            <option key={type} value={type}>
              {USER_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>

      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={!canSave}>
          {update.isPending ? 'Salvando...' : 'Salvar'}
        </Button>
      </div>
    </form>
  );
}

/** The own-profile editor (spec §2, §5); closing it drops whatever was not saved. */
export function EditProfileDialog({
  profile,
  open,
  onOpenChange,
}: {
  profile: UserProfile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent title="Editar perfil">
          <EditProfileForm profile={profile} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}
