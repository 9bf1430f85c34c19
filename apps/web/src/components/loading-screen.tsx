import { Spinner } from './ui/spinner.tsx';

export function LoadingScreen({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 text-slate-500">
      <Spinner />
      <p className="text-sm">{label}</p>
    </div>
  );
}
