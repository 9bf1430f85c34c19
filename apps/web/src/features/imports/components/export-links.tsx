import { Download } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';

/** 'Exportar questões': the group's (or one's own) as Moodle XML or GIFT files. */
export function ExportLinks({ groupId }: { groupId?: string | undefined }) {
  const query = (format: string) =>
    `/api/question-exports?format=${format}${groupId ? `&groupId=${encodeURIComponent(groupId)}` : ''}`;
  const classes = buttonClasses({ variant: 'outline', size: 'sm' });
  return (
    <section aria-label="Exportar questões" className="grid gap-2">
      <h2 className="font-semibold">Exportar questões</h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {groupId ? 'Todas as questões do grupo' : 'Todas as suas questões'}, com gabarito e explicação, para
        levar ao Moodle ou a outro sistema.
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={query('moodle_xml')} download className={classes}>
          <Download className="size-4" aria-hidden />
          Moodle XML
        </a>
        <a href={query('gift')} download className={classes}>
          <Download className="size-4" aria-hidden />
          GIFT
        </a>
      </div>
    </section>
  );
}
