import { TEACHING_MESSAGES } from '@estudai/contract/constants';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';

/** A teacher's screen opened by someone who may not see it (the server refused with 403 or 404). */
export function ManagerOnly({ groupId, message }: { groupId: string; message?: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 py-10 text-center">
      <Lock className="size-10 text-slate-400" aria-hidden />
      <p className="max-w-xs text-sm text-slate-600 dark:text-slate-300">
        {message ?? TEACHING_MESSAGES.manageForbidden}
      </p>
      <Link to={paths.studyGroup(groupId)} className={buttonClasses({ variant: 'outline' })}>
        Voltar para o grupo
      </Link>
    </Card>
  );
}
