import { NOTIFICATION_MESSAGES } from '@estudai/contract/constants';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HeaderActions } from '../../../components/header-actions.tsx';
import { TITLE_BAR_CLASSES } from '../../../components/title-bar.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { paths, RECOMMENDED_TAB, NOTIFICATIONS_TAB_PARAM as TAB_PARAM } from '../../../lib/paths.ts';
import { useNotificationCounts } from '../api/get-counts.ts';
import { CountBadge } from '../components/count-badge.tsx';
import { NotificationList } from '../components/notification-list.tsx';
import { PushSwitch } from '../components/push-switch.tsx';
import { RecommendationList } from '../components/recommendation-list.tsx';
import { RequestList } from '../components/request-list.tsx';

function TabLabel({
  children,
  count,
  countLabel,
}: {
  children: ReactNode;
  count?: number;
  countLabel?: string;
}) {
  return (
    <span className="flex items-center justify-center gap-1">
      <span className="truncate">{children}</span>
      {count !== undefined && countLabel && <CountBadge count={count} label={countLabel} />}
    </span>
  );
}

// On a phone the three labels and their badges need every pixel: each tab takes its content's width
// (not a third each), with smaller text, padding and gaps, so 'Solicitações 9+' and 'Recomendados' fit
// 360 px even in the wider fonts of a Linux phone browser (DejaVu, Noto).
const tabFitsPhone = 'max-sm:flex-auto max-sm:px-1.5 max-sm:text-[13px]';

/** Spec §2 '/notifications': back to /, three tabs with their badges, 'Geral' first shown. */
export function NotificationsPage() {
  const { data: counts } = useNotificationCounts();
  const unread = counts?.unread ?? 0;
  const pending = counts?.pendingRequests ?? 0;
  // '?aba=recomendados' (the right column's 'Ver mais sugestões') opens on the recommendations.
  const [params] = useSearchParams();
  const openTab = params.get(TAB_PARAM) === RECOMMENDED_TAB ? 'recommended' : 'general';
  return (
    <>
      <header className={TITLE_BAR_CLASSES}>
        <Link
          to={paths.home()}
          aria-label="Voltar"
          className="-ml-2 flex size-10 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <h1 className="text-lg font-semibold">Notificações</h1>
        <HeaderActions />
      </header>
      {/* Columns no wider than the screen: long tab labels must not widen the page. */}
      <div className="grid grid-cols-1 gap-4 p-4">
        <PushSwitch />
        <Tabs defaultValue={openTab} className="grid grid-cols-1 gap-4">
          <TabsList className="max-sm:gap-0.5">
            <TabsTrigger value="requests" className={tabFitsPhone}>
              <TabLabel count={pending} countLabel={pending === 1 ? '1 pendente' : `${pending} pendentes`}>
                {NOTIFICATION_MESSAGES.requestsTab}
              </TabLabel>
            </TabsTrigger>
            <TabsTrigger value="general" className={tabFitsPhone}>
              <TabLabel count={unread} countLabel={unread === 1 ? '1 não lida' : `${unread} não lidas`}>
                {NOTIFICATION_MESSAGES.generalTab}
              </TabLabel>
            </TabsTrigger>
            <TabsTrigger value="recommended" className={tabFitsPhone}>
              <TabLabel>{NOTIFICATION_MESSAGES.recommendedTab}</TabLabel>
            </TabsTrigger>
          </TabsList>
          <TabsContent value="requests">
            <RequestList />
          </TabsContent>
          <TabsContent value="general">
            <NotificationList unreadCount={unread} />
          </TabsContent>
          <TabsContent value="recommended">
            <RecommendationList />
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
