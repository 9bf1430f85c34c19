import { MessagesSquare } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';

/** The group page's 'Fórum' tab: the way into the group's forum. */
export function ForumTab({ groupId }: { groupId: string }) {
  const navigate = useNavigate();
  return (
    <Card className="flex flex-col items-center gap-3 py-8 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300">
        <MessagesSquare className="size-7" aria-hidden />
      </span>
      <p className="max-w-xs text-sm text-slate-600 dark:text-slate-300">
        Tire dúvidas e converse com o professor e os colegas no fórum do grupo.
      </p>
      <Button onClick={() => navigate(paths.groupForum(groupId))}>Abrir fórum</Button>
    </Card>
  );
}
