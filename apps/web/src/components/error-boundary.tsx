import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { Button } from './ui/button.tsx';

const ERROR_BOUNDARY_MESSAGE = 'Algo deu errado ao mostrar isto.';

type Props = {
  children: ReactNode;
  /** When it changes (the route's path, say), a part that had failed is tried again. */
  resetKey?: unknown;
  /** 'page' fills a route's place (centred, the page's margins); 'card' sits in a list. */
  variant?: 'card' | 'page';
};

const fallbackClasses = {
  card: 'flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-white p-5 text-center dark:border-red-900/60 dark:bg-slate-900',
  page: 'flex min-h-[60dvh] flex-col items-center justify-center gap-3 p-6 text-center',
} as const;

type State = { error: Error | null };

/**
 * What a part of the screen shows when it throws while rendering: a pt-BR line and 'Tentar
 * novamente', in its own place, so one broken card or page never blanks the whole app (issue 23).
 * React offers this only to a class component.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error && !Object.is(previous.resetKey, this.props.resetKey)) this.reset();
  }

  reset = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorFallback variant={this.props.variant} onRetry={this.reset} />;
  }
}

/** The boundary's message and 'Tentar novamente', also shown by a route's own error element. */
export function ErrorFallback({
  variant = 'card',
  onRetry,
}: {
  variant?: Props['variant'];
  onRetry(): void;
}) {
  return (
    <div role="alert" className={fallbackClasses[variant]}>
      <AlertTriangle className="size-6 text-red-600 dark:text-red-400" aria-hidden />
      <p className="text-sm font-medium">{ERROR_BOUNDARY_MESSAGE}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw className="size-4" aria-hidden />
        Tentar novamente
      </Button>
    </div>
  );
}
