import { GROUP_MESSAGES } from '@estudai/contract/constants';
import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { EmptyText, ErrorState } from '../../../components/list-states.tsx';
import { LoadMoreButton } from '../../../components/load-more.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useGroupPosts } from '../api/get-group-posts.ts';
import { uniquePosts } from '../unique-posts.ts';
import { CreatePostDialog } from './create-post-dialog.tsx';
import { PostCard } from './post-card.tsx';
import { PostListSkeleton } from './post-card-skeleton.tsx';

function GroupPostList({ groupId }: { groupId: string }) {
  const query = useGroupPosts(groupId);
  if (query.isPending) {
    return <PostListSkeleton count={2} />;
  }
  if (query.isError && !query.data) {
    return (
      <ErrorState
        title="Não foi possível carregar os posts."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const posts = uniquePosts(query.data.pages);
  if (posts.length === 0) return <EmptyText>{GROUP_MESSAGES.emptyPosts}</EmptyText>;
  return (
    <>
      <ul aria-label="Posts do grupo" className="grid gap-4">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} />
    </>
  );
}

/** The group's posts, and 'Novo post' with the group already chosen as where to publish. */
export function GroupPostsTab({ groupId }: { groupId: string }) {
  const [creating, setCreating] = useState(false);
  return (
    <div className="grid gap-4">
      <Button onClick={() => setCreating(true)} className="justify-self-start">
        <PenLine className="size-4" aria-hidden />
        Novo post
      </Button>
      <GroupPostList groupId={groupId} />
      <CreatePostDialog open={creating} onOpenChange={setCreating} defaultStudyGroupId={groupId} />
    </div>
  );
}
