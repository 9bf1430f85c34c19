import type { StudyGroup } from '@estudai/contract/constants';
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';

/** Five tabs do not fit a phone's width whole: each keeps its word, and the row scrolls sideways. */
const TRIGGER = 'basis-auto shrink-0';

/** The content of each tab; other features own it, and the app puts it in (app/routes). */
export interface GroupTabs {
  posts: ReactNode;
  materials: ReactNode;
  videos: ReactNode;
  forum: ReactNode;
  simulados: ReactNode;
}

/** What the viewer may do with the content: the owner and co-teachers manage it (issue 24). */
export interface GroupContentAccess {
  canManage: boolean;
}

/** What the group page shows members, the owner and co-teachers in its tabs, for that group. */
export type RenderGroupTabs = (group: StudyGroup, access: GroupContentAccess) => GroupTabs;

/** A paid member's receipt of the group (the payments feature's), put in by the app. */
export type RenderGroupReceipt = (group: StudyGroup) => ReactNode;

/** Any other part of the group page another feature owns (the teacher's tools, the pinned news). */
export type RenderGroupPart = (group: StudyGroup) => ReactNode;

/** Spec §2: Posts, Materiais, Vídeos and Fórum, for members and the owner; and its Simulados (issue 20). */
export function GroupContentTabs({ tabs }: { tabs: GroupTabs }) {
  return (
    <Tabs defaultValue="posts" className="grid grid-cols-1 gap-4">
      <TabsList className="overflow-x-auto">
        <TabsTrigger value="posts" className={TRIGGER}>
          Posts
        </TabsTrigger>
        <TabsTrigger value="materials" className={TRIGGER}>
          Materiais
        </TabsTrigger>
        <TabsTrigger value="videos" className={TRIGGER}>
          Vídeos
        </TabsTrigger>
        <TabsTrigger value="forum" className={TRIGGER}>
          Fórum
        </TabsTrigger>
        <TabsTrigger value="simulados" className={TRIGGER}>
          Simulados
        </TabsTrigger>
      </TabsList>
      <TabsContent value="posts">{tabs.posts}</TabsContent>
      <TabsContent value="materials">{tabs.materials}</TabsContent>
      <TabsContent value="videos">{tabs.videos}</TabsContent>
      <TabsContent value="forum">{tabs.forum}</TabsContent>
      <TabsContent value="simulados">{tabs.simulados}</TabsContent>
    </Tabs>
  );
}
