import type { StudyGroup } from '@estudai/contract/constants';
import { GroupEssayQuota } from '../../features/essays/components/group-essay-quota.tsx';
import { ForumTab } from '../../features/forum/components/forum-tab.tsx';
import type { GroupContentAccess, GroupTabs } from '../../features/groups/components/group-content-tabs.tsx';
import { StudyGroupPage } from '../../features/groups/pages/study-group-page.tsx';
import { GroupMaterialsTab } from '../../features/materials/components/group-materials-tab.tsx';
import { ReceiptButton } from '../../features/payments/components/receipt-button.tsx';
import { GroupPostsTab } from '../../features/posts/components/group-posts-tab.tsx';
import { GroupSimuladosTab } from '../../features/simulados/components/group-simulados-tab.tsx';
import { GroupAbout } from '../../features/teaching/components/group-about.tsx';
import { GroupAgenda } from '../../features/teaching/components/group-agenda.tsx';
import { PinnedAnnouncement } from '../../features/teaching/components/pinned-announcement.tsx';
import { TeachingPanel } from '../../features/teaching/components/teaching-panel.tsx';
import { GroupVideosTab } from '../../features/videos/components/group-videos-tab.tsx';

// The group page (groups) with its content tabs, each owned by its feature, a paid member's
// receipt (payments), the teacher's tools (a paid group's essay quota: essays), pinned announcement, agenda and the page for
// prospective members (teaching): composed here.

// Co-teachers upload and manage materials and videos as the owner does (issue 24).
const renderTabs = (group: StudyGroup, { canManage }: GroupContentAccess): GroupTabs => ({
  posts: <GroupPostsTab groupId={group.id} />,
  materials: <GroupMaterialsTab groupId={group.id} isOwner={canManage} />,
  videos: <GroupVideosTab groupId={group.id} isOwner={canManage} />,
  forum: <ForumTab groupId={group.id} />,
  simulados: <GroupSimuladosTab groupId={group.id} canCreate={group.isOwner} />,
});

const renderReceipt = (group: StudyGroup) => <ReceiptButton groupId={group.id} />;
const renderManage = (group: StudyGroup) => (
  <>
    <TeachingPanel group={group} />
    <GroupEssayQuota group={group} />
  </>
);
const renderPinned = (group: StudyGroup) => (
  <>
    <PinnedAnnouncement groupId={group.id} />
    <GroupAgenda groupId={group.id} />
  </>
);

const renderAbout = (group: StudyGroup) => <GroupAbout group={group} />;

/** /study-groups/{groupId} */
export function StudyGroupRoute() {
  return (
    <StudyGroupPage
      renderTabs={renderTabs}
      renderReceipt={renderReceipt}
      renderManage={renderManage}
      renderPinned={renderPinned}
      renderAbout={renderAbout}
    />
  );
}
