import { ESSAY_SHEET_LINES, ESSAY_TEXT_MAX } from '@estudai/contract/constants';
import { cn } from '../../../lib/cn.ts';

const LINE_REM = 2;

/**
 * The answer sheet: 30 ruled lines to write on (the box grows past them, and says so), with the
 * lines counted the way a handwritten sheet would and the words.
 */
export function SheetEditor({
  value,
  onChange,
  lines,
  words,
}: {
  value: string;
  onChange: (text: string) => void;
  lines: number;
  words: number;
}) {
  return (
    <div className="grid gap-2">
      <label htmlFor="essay-text" className="text-sm font-medium">
        Folha de redação
      </label>
      <div className="relative overflow-hidden rounded-2xl border border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900">
        <textarea
          id="essay-text"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          spellCheck
          lang="pt-BR"
          aria-describedby="essay-counts"
          className="block w-full resize-none bg-transparent px-4 font-serif text-[15px] text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-slate-100"
          style={{
            lineHeight: `${LINE_REM}rem`,
            minHeight: `${ESSAY_SHEET_LINES * LINE_REM}rem`,
            fieldSizing: 'content',
            backgroundImage:
              'repeating-linear-gradient(to bottom, transparent 0, transparent calc(2rem - 1px), rgb(148 163 184 / 0.45) calc(2rem - 1px), rgb(148 163 184 / 0.45) 2rem)',
          }}
          placeholder="Escreva aqui o seu texto dissertativo-argumentativo…"
        />
      </div>
      <p id="essay-counts" className="flex flex-wrap gap-x-4 text-sm text-slate-600 dark:text-slate-300">
        <span className={cn(lines > ESSAY_SHEET_LINES && 'font-semibold text-red-700 dark:text-red-300')}>
          {lines} de {ESSAY_SHEET_LINES} linhas
        </span>
        <span>{words} palavras</span>
        <span className={cn(value.length > ESSAY_TEXT_MAX && 'font-semibold text-red-700 dark:text-red-300')}>
          {value.length.toLocaleString('pt-BR')}/{ESSAY_TEXT_MAX.toLocaleString('pt-BR')} caracteres
        </span>
      </p>
    </div>
  );
}
