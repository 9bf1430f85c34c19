import type { ImportItem, QuestionImportPreview } from '@estudai/contract/constants';
import { AlertTriangle, Check } from 'lucide-react';
import { QuestionImage } from '../../../components/question/question-image.tsx';
import { QuestionMetaChips } from '../../../components/question/question-meta.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

const LETTERS = 'ABCDE';

function PreviewQuestion({ item, number }: { item: ImportItem; number: number }) {
  return (
    <Card padding="sm" className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
        <span className="font-semibold">Questão {number}</span>
        {item.category && <span>· {item.category}</span>}
      </div>
      <QuestionMetaChips meta={item} />
      <RichText text={item.question} className="font-medium" />
      {/* Issue 42: the image the file embedded, already the teacher's own upload (checked in the background). */}
      <QuestionImage image={item.imageUrl ? { url: item.imageUrl, sensitivity: 'pending' } : undefined} own />
      <ol className="grid gap-1.5">
        {item.options.map((option, index) => {
          const isKey = index === item.correctAnswer;
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the options of a preview never move.
              key={index}
              className={cn(
                'flex gap-2 rounded-xl border px-3 py-2 text-sm',
                isKey
                  ? 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950'
                  : 'border-slate-200 dark:border-slate-800',
              )}
            >
              <span className="font-semibold">{LETTERS[index]})</span>
              <RichText text={option} as="span" className="min-w-0 flex-1" />
              {isKey && (
                <span className="flex items-center gap-1 text-xs font-medium text-emerald-700 dark:text-emerald-300">
                  <Check className="size-4" aria-hidden />
                  Gabarito
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {item.explanation && (
        <div className="rounded-xl bg-slate-50 p-3 text-sm dark:bg-slate-900">
          <span className="font-semibold">Explicação: </span>
          <RichText text={item.explanation} as="span" />
        </div>
      )}
    </Card>
  );
}

/** Every question as it will appear, and every item that will not be imported, with its line. */
export function ImportPreview({ preview }: { preview: QuestionImportPreview }) {
  return (
    <div className="grid gap-4">
      {preview.errors.length > 0 && (
        <section
          aria-label="Itens que não serão importados"
          className="grid gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950"
        >
          <h2 className="flex items-center gap-2 font-semibold text-amber-900 dark:text-amber-100">
            <AlertTriangle className="size-5" aria-hidden />
            {preview.errors.length === 1
              ? '1 item não será importado'
              : `${preview.errors.length} itens não serão importados`}
          </h2>
          <ul className="grid gap-1 text-sm text-amber-900 dark:text-amber-100">
            {preview.errors.map((error) => (
              <li key={`${error.line}:${error.message}`}>
                <span className="font-semibold">Linha {error.line}:</span> {error.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Questões da prévia" className="grid gap-3">
        <h2 className="font-semibold">
          {preview.items.length === 1
            ? '1 questão pronta para importar'
            : `${preview.items.length} questões prontas para importar`}
        </h2>
        <ol className="grid gap-3">
          {preview.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a preview's list never changes.
            <li key={index}>
              <PreviewQuestion item={item} number={index + 1} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
