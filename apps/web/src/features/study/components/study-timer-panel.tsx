import { Pause, Play, Square, Timer, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { formatClock, pauseTimer, resumeTimer, startTimer, type TimerState } from '../timer-state.ts';

/** The study timer's panel: the clock, then start (free or a 25-minute pomodoro), pause, continue, stop and save. */
export function StudyTimerPanel({
  timer,
  shown,
  running,
  saving,
  onTimer,
  onSave,
  onClose,
}: {
  timer: TimerState | null;
  /** Seconds on the clock: studied, or left of the pomodoro. */
  shown: number;
  running: boolean;
  saving: boolean;
  onTimer: (next: TimerState | null) => void;
  onSave: (state: TimerState) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Cronômetro de estudo" description="O tempo estudado entra nas suas estatísticas.">
        <div className="grid gap-5 p-5">
          <p
            role="timer"
            aria-label={timer?.kind === 'pomodoro' ? 'Tempo restante' : 'Tempo estudado'}
            className="text-center text-5xl font-semibold tabular-nums"
          >
            {formatClock(timer ? shown : 0)}
          </p>
          <p className="text-center text-sm text-slate-500 dark:text-slate-400">
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
          {!timer ? (
            <div className="grid gap-2 sm:grid-cols-2">
              <Button size="lg" onClick={() => onTimer(startTimer('timer', Date.now()))}>
                <Play className="size-5" aria-hidden />
                Iniciar
              </Button>
              <Button size="lg" variant="outline" onClick={() => onTimer(startTimer('pomodoro', Date.now()))}>
                <Timer className="size-5" aria-hidden />
                Pomodoro 25 min
              </Button>
            </div>
          ) : (
            <div className="grid gap-2 sm:grid-cols-2">
              {running ? (
                <Button size="lg" variant="outline" onClick={() => onTimer(pauseTimer(timer, Date.now()))}>
                  <Pause className="size-5" aria-hidden />
                  Pausar
                </Button>
              ) : (
                <Button size="lg" variant="outline" onClick={() => onTimer(resumeTimer(timer, Date.now()))}>
                  <Play className="size-5" aria-hidden />
                  Continuar
                </Button>
              )}
              <Button size="lg" disabled={saving} onClick={() => onSave(timer)}>
                <Square className="size-5" aria-hidden />
                {saving ? 'Salvando...' : 'Parar e salvar'}
              </Button>
              {!running && (
                <Button variant="ghost" className="sm:col-span-2" onClick={() => onTimer(null)}>
                  <Trash2 className="size-4" aria-hidden />
                  Descartar
                </Button>
              )}
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
