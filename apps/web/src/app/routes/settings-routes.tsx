import { Route, Routes } from 'react-router';
import { HiddenWordsPage } from '../../features/hidden-words/pages/hidden-words-page.tsx';
import { AdminReportsPage } from '../../features/moderation/pages/admin-reports-page.tsx';
import { ModerationQueuePage } from '../../features/moderation/pages/moderation-queue-page.tsx';
import { StudyPlanPage } from '../../features/posts/pages/study-plan-page.tsx';
import { ModerationActionsPage } from '../../features/reports/pages/moderation-actions-page.tsx';
import { BlockedUsersPage } from '../../features/users/pages/blocked-users-page.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { NotFoundPage } from '../not-found-page.tsx';

// The settings' pages (/configuracoes/…) and the moderators' (/admin/…), each group one chunk behind
// one route of the router's table: the table itself is on every first route (its size budget), and
// these pages are opened rarely, from Configurações or by a moderator.

/** /configuracoes/*: 'Objetivo e matérias', 'Usuários bloqueados', 'Palavras ocultas', 'Minhas advertências'. */
export function SettingsRoutes() {
  return (
    <Routes>
      <Route path="objetivo" element={<StudyPlanPage />} />
      <Route path="bloqueados" element={<BlockedUsersPage />} />
      <Route path="palavras-ocultas" element={<HiddenWordsPage />} />
      <Route path="advertencias" element={<ModerationActionsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** /admin/*: the reports and the moderation queue, for admins; anyone else gets the fallback page. */
export function AdminRoutes() {
  const { user } = useAuth();
  if (user?.userType !== 'admin') return <NotFoundPage />;
  return (
    <Routes>
      <Route path="denuncias" element={<AdminReportsPage />} />
      <Route path="moderacao" element={<ModerationQueuePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
