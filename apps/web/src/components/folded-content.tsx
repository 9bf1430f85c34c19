import { EyeOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';

/**
 * An item folded by the viewer's 'Palavras ocultas' (issue 43): the notice as a button
 * ('Comentário oculto — ver mesmo assim'); a tap shows the item. Not folded: the item as it is.
 */
export function FoldedContent({
  folded,
  label,
  children,
}: {
  folded: boolean;
  label: string;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  if (!folded || shown) return <>{children}</>;
  return (
    <button
      type="button"
      onClick={() => setShown(true)}
      className="flex items-center gap-1.5 rounded-md py-0.5 text-left text-sm italic text-slate-500 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400"
    >
      <EyeOff className="size-4 shrink-0" aria-hidden />
      {label}
    </button>
  );
}
