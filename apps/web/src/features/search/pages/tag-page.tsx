import type { Post } from '@estudai/contract/constants';
import { Hash } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/list-states.tsx';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../lib/paths.ts';
import { Results } from './search-page.tsx';

/**
 * /tag/{tag}: the posts with that #hashtag the student may read, newest first, through the search
 * (`GET /api/search?type=posts&q=%23tag`), which reads it without accents or case and refuses one too long.
 */
export function TagPage({ renderPost }: { renderPost: (post: Post) => ReactNode }) {
  const tag = (useParams().tag ?? '').replace(/^#/, '');
  return (
    <Page title={`#${tag}`} back={paths.home()} backViaHistory>
      <div className="grid gap-3">
        <Results
          // A new tag is a new list: nothing of the last one's pages stays on screen.
          key={tag}
          type="posts"
          q={`#${tag}`}
          render={renderPost}
          empty={
            <EmptyState icon={Hash} title={`Nenhum post com #${tag} ainda`}>
              {`Use #${tag} num post para começar a conversa.`}
            </EmptyState>
          }
        />
      </div>
    </Page>
  );
}
