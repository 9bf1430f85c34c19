import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/ui/button.tsx';
import { useServiceWorkerUpdate } from '../lib/pwa.ts';

/**
 * A new version of the installed app waiting ('Nova versão disponível', reloads into it), until
 * dismissed. Being offline is said in the title bar (components/offline-indicator.tsx).
 */
export function AppStatus() {
  const activateUpdate = useServiceWorkerUpdate();
  const [isUpdateDismissed, setUpdateDismissed] = useState(false);
  if (!activateUpdate || isUpdateDismissed) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-50 flex flex-col items-center gap-2 px-4">
      <section
        aria-label="Atualização"
        className="pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-lg dark:border-slate-700 dark:bg-slate-800"
      >
        <RefreshCw className="size-5 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
        <p className="flex-1 text-sm font-semibold">Nova versão disponível</p>
        <Button size="sm" variant="ghost" onClick={() => setUpdateDismissed(true)}>
          Depois
        </Button>
        <Button size="sm" onClick={activateUpdate}>
          Atualizar
        </Button>
      </section>
    </div>
  );
}
