import { USER_MESSAGES, type UserProfile } from '@estudai/contract/constants';
import { UserX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { useProfile } from '../api/get-profile.ts';
import { EditProfileDialog } from './edit-profile-dialog.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { ProfileStats } from './profile-stats.tsx';

function NotFound() {
  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 p-6 text-center">
      <UserX className="size-12 text-slate-400" aria-hidden />
      <h1 className="text-xl font-semibold">{USER_MESSAGES.notFound}</h1>
      <Link to={paths.home()} className={buttonClasses()}>
        {USER_MESSAGES.backHome}
      </Link>
    </div>
  );
}

/** What a profile shows under its statistics, given by the app: the person's posts and study detail. */
export interface ProfileScreenProps {
  renderPosts: (profile: UserProfile) => ReactNode;
  /**
   * More about the person's study, under the statistics (from the study feature), given the posts to
   * show under it: it may hold them back while it loads, so that its arrival does not push them down.
   */
  renderStudyDetails?: (profile: UserProfile, below: ReactNode) => ReactNode;
}

/** A whole profile screen (spec §2), one's own or someone else's. */
export function ProfileScreen({
  userId,
  renderPosts,
  renderStudyDetails,
}: { userId: string } & ProfileScreenProps) {
  const profile = useProfile(userId);
  const [editing, setEditing] = useState(false);

  if (profile.isPending) return <LoadingScreen label={USER_MESSAGES.loadingProfile} />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) return <NotFound />;
    return (
      <div className="p-4">
        <Card role="alert" className="grid justify-items-center gap-3 text-center">
          <p>{profile.error.message}</p>
          <Button variant="outline" onClick={() => void profile.refetch()}>
            Tentar novamente
          </Button>
        </Card>
      </div>
    );
  }

  const data = profile.data;
  return (
    <>
      <ProfileHeader profile={data} onEdit={() => setEditing(true)} />
      <div className="grid gap-4 p-4">
        <ProfileStats profile={data} />
        {renderStudyDetails ? renderStudyDetails(data, renderPosts(data)) : renderPosts(data)}
      </div>
      {data.isOwnProfile && <EditProfileDialog profile={data} open={editing} onOpenChange={setEditing} />}
    </>
  );
}
