import type { StudyGroup } from '@estudai/contract/constants';
import { MessagesSquare } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../lib/paths.ts';
import { GroupVideosTab } from '../../videos/components/group-videos-tab.tsx';
import { GroupMaterialsTab } from './group-materials-tab.tsx';
import { GroupPostsTab } from './group-posts-tab.tsx';

function ForumTab({ groupId }: { groupId: string }) {
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

/** Spec §2: Posts, Materiais, Vídeos and Fórum, for members and the owner. */
export function GroupContentTabs({ group }: { group: StudyGroup }) {
  return (
    <Tabs defaultValue="posts" className="grid gap-4">
      <TabsList>
        <TabsTrigger value="posts">Posts</TabsTrigger>
        <TabsTrigger value="materials">Materiais</TabsTrigger>
        <TabsTrigger value="videos">Vídeos</TabsTrigger>
        <TabsTrigger value="forum">Fórum</TabsTrigger>
      </TabsList>
      <TabsContent value="posts">
        <GroupPostsTab groupId={group.id} />
      </TabsContent>
      <TabsContent value="materials">
        <GroupMaterialsTab groupId={group.id} isOwner={group.isOwner} />
      </TabsContent>
      <TabsContent value="videos">
        <GroupVideosTab groupId={group.id} isOwner={group.isOwner} />
      </TabsContent>
      <TabsContent value="forum">
        <ForumTab groupId={group.id} />
      </TabsContent>
    </Tabs>
  );
}
