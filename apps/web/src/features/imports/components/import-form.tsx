import {
  IMPORT_FORMAT_LABELS,
  IMPORT_FORMATS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  type ImportFormat,
  type ImportTarget,
} from '@estudai/contract/constants';
import { FileUp } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/input.tsx';
import type { PreviewImportInput } from '../api/preview-import.ts';

const SELECT_CLASSES =
  'h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900';

/** The format a file's name suggests, so the usual case needs no choice. */
function formatOf(name: string): ImportFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xml')) return 'moodle_xml';
  if (lower.endsWith('.gift')) return 'gift';
  if (lower.endsWith('.csv')) return 'csv';
  return null;
}

/** 'Importar questões': the file, its format and what to make of it. */
export function ImportForm({
  groupId,
  pending,
  onSubmit,
}: {
  groupId?: string | undefined;
  pending: boolean;
  onSubmit: (input: PreviewImportInput) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat>('moodle_xml');
  const [target, setTarget] = useState<ImportTarget>('questions');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(IMPORT_MESSAGES.fileRequired);
    if (file.size > IMPORT_MAX_BYTES) return setError(IMPORT_MESSAGES.tooLarge);
    setError(null);
    onSubmit({ file, format, as: target, groupId });
  };

  return (
    <form
      noValidate
      aria-label="Importar questões"
      onSubmit={handleSubmit}
      className="grid gap-3 sm:grid-cols-2"
    >
      <Field label="Arquivo (até 10 MB, 500 questões)" error={error ?? undefined}>
        {({ id, errorId }) => (
          <input
            id={id}
            type="file"
            accept=".xml,.gift,.txt,.csv,text/plain,text/xml,application/xml,text/csv"
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              const guessed = chosen && formatOf(chosen.name);
              if (guessed) setFormat(guessed);
            }}
            className="max-w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:font-medium file:text-indigo-700 dark:file:bg-indigo-950 dark:file:text-indigo-200"
          />
        )}
      </Field>
      <Field label="Formato">
        {({ id }) => (
          <select
            id={id}
            value={format}
            onChange={(event) => setFormat(event.target.value as ImportFormat)}
            className={SELECT_CLASSES}
          >
            {IMPORT_FORMATS.map((value) => (
              <option key={value} value={value}>
                {IMPORT_FORMAT_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Importar como">
        {({ id }) => (
          <select
            id={id}
            value={target}
            onChange={(event) => setTarget(event.target.value as ImportTarget)}
            className={SELECT_CLASSES}
          >
            <option value="questions">Questões (um post por questão)</option>
            <option value="quiz">Quiz (um por categoria)</option>
          </select>
        )}
      </Field>
      <Button type="submit" className="self-end justify-self-start" disabled={pending}>
        <FileUp className="size-4" aria-hidden />
        {pending ? 'Lendo o arquivo...' : 'Ver prévia'}
      </Button>
    </form>
  );
}
