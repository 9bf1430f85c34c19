import { RefreshCw, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/ui/button.tsx';
import { useIsOnline, useServiceWorkerUpdate } from '../lib/pwa.ts';

/**
 * What the installed app says about itself: a new version waiting ('Nova versão disponível',
 * reloads into it) and, while offline, that saved content is being shown.
 */
export function AppStatus() {
  const activateUpdate = useServiceWorkerUpdate();
  const isOnline = useIsOnline();
  const [isUpdateDismissed, setUpdateDismissed] = useState(false);
  const showUpdate = activateUpdate && !isUpdateDismissed;
  if (!showUpdate && isOnline) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-50 flex flex-col items-center gap-2 px-4">
      {!isOnline && (
        <p
          role="status"
          className="pointer-events-auto flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
        >
          <WifiOff className="size-4" aria-hidden />
          Você está offline. Mostrando o que foi salvo neste aparelho.
        </p>
      )}
      {showUpdate && (
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
      )}
    </div>
  );
}
