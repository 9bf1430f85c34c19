import { Lightbulb } from 'lucide-react';
import { RichText } from '../rich-text/rich-text.tsx';

export function Explanation({ text }: { text: string }) {
  return (
    <div className="rounded-xl bg-slate-100 p-3 text-sm dark:bg-slate-800">
      <p className="mb-1 flex items-center gap-1.5 font-semibold">
        <Lightbulb className="size-4 text-amber-500" aria-hidden />
        Explicação
      </p>
      <RichText text={text} />
    </div>
  );
}
