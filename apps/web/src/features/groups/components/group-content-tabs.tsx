import type { StudyGroup } from '@estudai/contract/constants';
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';

/** The content of each tab; other features own it, and the app puts it in (app/routes). */
export interface GroupTabs {
  posts: ReactNode;
  materials: ReactNode;
  videos: ReactNode;
  forum: ReactNode;
}

/** What the group page shows members and the owner in its tabs, for that group. */
export type RenderGroupTabs = (group: StudyGroup) => GroupTabs;

/** A paid member's receipt of the group (the payments feature's), put in by the app. */
export type RenderGroupReceipt = (group: StudyGroup) => ReactNode;

/** Spec §2: Posts, Materiais, Vídeos and Fórum, for members and the owner. */
export function GroupContentTabs({ tabs }: { tabs: GroupTabs }) {
  return (
    <Tabs defaultValue="posts" className="grid gap-4">
      <TabsList>
        <TabsTrigger value="posts">Posts</TabsTrigger>
        <TabsTrigger value="materials">Materiais</TabsTrigger>
        <TabsTrigger value="videos">Vídeos</TabsTrigger>
        <TabsTrigger value="forum">Fórum</TabsTrigger>
      </TabsList>
      <TabsContent value="posts">{tabs.posts}</TabsContent>
      <TabsContent value="materials">{tabs.materials}</TabsContent>
      <TabsContent value="videos">{tabs.videos}</TabsContent>
      <TabsContent value="forum">{tabs.forum}</TabsContent>
    </Tabs>
  );
}
