import type { StudySessionKind } from '@estudai/contract/constants';
import { Pause, Play, Square, Timer } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { formatClock, type TimerState } from '../timer-state.ts';

/**
 * The study timer's panel: the clock and the minutes verified so far, then start (free or a
 * 25-minute pomodoro), pause, continue and end.
 */
export function StudyTimerPanel({
  timer,
  shown,
  running,
  busy,
  verifiedMinutes,
  onStart,
  onPause,
  onResume,
  onStop,
  onClose,
}: {
  timer: TimerState | null;
  /** Seconds on the clock: studied, or left of the pomodoro. */
  shown: number;
  running: boolean;
  busy: boolean;
  verifiedMinutes: number;
  onStart: (kind: StudySessionKind) => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Cronômetro de estudo"
        description="Contam como horas verificadas os minutos com o app aberto e visível, ou com questões e revisões feitas enquanto ele corre."
      >
        <div className="grid gap-5 p-5">
          <p
            role="timer"
            aria-label={timer?.kind === 'pomodoro' ? 'Tempo restante' : 'Tempo estudado'}
            className="text-center text-5xl font-semibold tabular-nums"
          >
            {formatClock(timer ? shown : 0)}
          </p>
          <div className="grid gap-1 text-center text-sm text-slate-500 dark:text-slate-400">
            <p>
              {!timer
                ? 'Pronto para começar?'
                : timer.kind === 'pomodoro'
                  ? running
                    ? 'Pomodoro em andamento'
                    : 'Pomodoro pausado'
                  : running
                    ? 'Estudando'
                    : 'Pausado'}
            </p>
            {timer && (
              <p aria-live="polite" className="font-medium text-emerald-700 dark:text-emerald-400">
                {verifiedMinutes} {verifiedMinutes === 1 ? 'minuto verificado' : 'minutos verificados'}
              </p>
            )}
          </div>
          {!timer ? (
            <div className="grid gap-2 sm:grid-cols-2">
              <Button size="lg" disabled={busy} onClick={() => onStart('timer')}>
                <Play className="size-5" aria-hidden />
                Iniciar
              </Button>
              <Button size="lg" variant="outline" disabled={busy} onClick={() => onStart('pomodoro')}>
                <Timer className="size-5" aria-hidden />
                Pomodoro 25 min
              </Button>
            </div>
          ) : (
            <div className="grid gap-2 sm:grid-cols-2">
              {running ? (
                <Button size="lg" variant="outline" disabled={busy} onClick={onPause}>
                  <Pause className="size-5" aria-hidden />
                  Pausar
                </Button>
              ) : (
                <Button size="lg" variant="outline" disabled={busy} onClick={onResume}>
                  <Play className="size-5" aria-hidden />
                  Continuar
                </Button>
              )}
              <Button size="lg" disabled={busy} onClick={onStop}>
                <Square className="size-5" aria-hidden />
                {busy ? 'Salvando...' : 'Encerrar'}
              </Button>
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
