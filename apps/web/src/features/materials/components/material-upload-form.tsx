import { GROUP_MESSAGES, MATERIAL_MAX_BYTES, materialFieldsSchema } from '@estudai/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';
import { useUploadMaterial } from '../api/upload-material.ts';

const isPdf = (file: File) =>
  file.type === 'application/pdf' || (file.type === '' && file.name.toLowerCase().endsWith('.pdf'));

/** The contract's fields plus the file, checked here before anything is sent (the server checks its bytes). */
const uploadSchema = materialFieldsSchema.extend({
  file: z
    .instanceof(File, { message: 'Escolha um arquivo PDF.' })
    .refine(isPdf, GROUP_MESSAGES.materialNotPdf)
    .refine((file) => file.size <= MATERIAL_MAX_BYTES, GROUP_MESSAGES.materialTooLarge),
});
type UploadValues = z.input<typeof uploadSchema>;

/** The owner's 'Enviar material': title, description and a PDF of at most 20 MB. */
export function MaterialUploadForm({ groupId }: { groupId: string }) {
  const upload = useUploadMaterial(groupId);
  // A file input cannot be cleared by value: a new key gives an empty one.
  const [formKey, setFormKey] = useState(0);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<UploadValues, unknown, z.output<typeof uploadSchema>>({
    resolver: zodResolver(uploadSchema),
    defaultValues: { title: '', description: '', file: undefined },
  });

  const handleUpload = handleSubmit((values) =>
    upload.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Material enviado!',
          description: `${values.title} já está disponível para o grupo.`,
        });
        reset();
        setFormKey((key) => key + 1);
      },
      onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
    }),
  );

  return (
    <form
      noValidate
      aria-label="Enviar material"
      onSubmit={handleUpload}
      className="grid gap-3 rounded-2xl border border-dashed border-slate-300 p-4 dark:border-slate-700"
    >
      <h3 className="font-semibold">Enviar material</h3>
      <Field label="Título do material" error={errors.title?.message}>
        {({ id, errorId }) => (
          <Input
            id={id}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errorId}
            {...register('title')}
          />
        )}
      </Field>
      <Field label="Descrição do material (opcional)" error={errors.description?.message}>
        {({ id }) => <Textarea id={id} rows={2} {...register('description')} />}
      </Field>
      <Field label="Arquivo PDF (até 20 MB)" error={errors.file?.message}>
        {({ id, errorId }) => (
          <Controller
            control={control}
            name="file"
            render={({ field }) => (
              <input
                key={formKey}
                id={id}
                type="file"
                accept="application/pdf"
                aria-invalid={errors.file ? true : undefined}
                aria-describedby={errorId}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.files?.[0])}
                className="text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:font-medium file:text-indigo-700 dark:file:bg-indigo-950 dark:file:text-indigo-200"
              />
            )}
          />
        )}
      </Field>
      <Button type="submit" className="justify-self-start" disabled={upload.isPending}>
        <Upload className="size-4" aria-hidden />
        {upload.isPending ? 'Enviando...' : 'Enviar material'}
      </Button>
    </form>
  );
}
