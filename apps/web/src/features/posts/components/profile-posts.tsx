import { LoadMore } from '../../../components/load-more.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { firstName } from '../../../lib/format.ts';
import {
  getSavedPostsQueryOptions,
  getUserPostsQueryOptions,
  usePostPages,
} from '../api/get-profile-posts.ts';
import { uniquePosts } from '../unique-posts.ts';
import { PostCard } from './post-card.tsx';
import { PostListSkeleton } from './post-card-skeleton.tsx';

/** One tab's posts: three skeletons while loading, its empty text, more as the end nears. */
function PostList({
  options,
  empty,
}: {
  options: ReturnType<typeof getSavedPostsQueryOptions>;
  empty: string;
}) {
  const query = usePostPages(options);
  if (query.isPending) {
    return <PostListSkeleton count={3} />;
  }
  if (query.isError && !query.data) {
    return (
      <Card role="alert" className="text-center text-sm">
        {query.error.message}
      </Card>
    );
  }
  const posts = uniquePosts(query.data.pages);
  if (posts.length === 0) {
    return <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">{empty}</p>;
  }
  return (
    <>
      <ul className="grid gap-4" aria-label="Posts">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <LoadMore query={query} label="Carregando mais posts..." />
    </>
  );
}

/** Spec §2: 'Meus Posts' and 'Salvos' on one's own profile, 'Posts de {first name}' on another's. */
export function ProfilePosts({
  userId,
  displayName,
  isOwnProfile,
}: {
  userId: string;
  displayName: string;
  isOwnProfile: boolean;
}) {
  if (!isOwnProfile) {
    return (
      <Tabs defaultValue="posts" className="grid gap-4">
        <TabsList>
          <TabsTrigger value="posts">Posts de {firstName(displayName)}</TabsTrigger>
        </TabsList>
        <TabsContent value="posts" className="grid gap-4">
          <PostList
            options={getUserPostsQueryOptions(userId)}
            empty={`Ainda não há posts de ${displayName}`}
          />
        </TabsContent>
      </Tabs>
    );
  }
  return (
    <Tabs defaultValue="mine" className="grid gap-4">
      <TabsList>
        <TabsTrigger value="mine">Meus Posts</TabsTrigger>
        <TabsTrigger value="saved">Salvos</TabsTrigger>
      </TabsList>
      <TabsContent value="mine" className="grid gap-4">
        <PostList options={getUserPostsQueryOptions(userId)} empty="Seus posts aparecerão aqui" />
      </TabsContent>
      <TabsContent value="saved" className="grid gap-4">
        <PostList options={getSavedPostsQueryOptions()} empty="Posts salvos aparecerão aqui" />
      </TabsContent>
    </Tabs>
  );
}
