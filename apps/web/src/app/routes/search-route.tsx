import type { BankQuestion, Post, StudyGroup } from '@estudai/contract/constants';
import { GroupCard } from '../../features/groups/components/group-card.tsx';
import { PostCard } from '../../features/posts/components/post-card.tsx';
import { SearchPage } from '../../features/search/pages/search-page.tsx';
import { TagPage } from '../../features/search/pages/tag-page.tsx';
import { BankQuestionCard } from '../../features/study/components/bank-question-card.tsx';
import { emptyBankFilters } from '../../lib/queries/bank-questions.ts';
import { useIsDesktop } from '../../lib/use-media-query.ts';
import { DiscoverSections } from '../discover.tsx';

// /busca (search) shows posts (posts), groups (groups) and questions answered in place (study) as
// their own features draw them: composed here, so no feature knows another.

const renderPost = (post: Post) => <PostCard post={post} />;
const renderGroup = (group: StudyGroup) => <GroupCard group={group} />;
const renderQuestion = (question: BankQuestion) => (
  <BankQuestionCard question={question} filters={emptyBankFilters} />
);

/**
 * Below 1024 px there is no right column: 'Em alta' and 'Quem seguir' come to /busca instead (issue 36),
 * where a phone goes to discover.
 */
function PhoneDiscover() {
  if (useIsDesktop()) return null;
  return (
    <DiscoverSections
      inCard={false}
      className="grid gap-6 border-t border-slate-200 pt-4 dark:border-slate-800"
    />
  );
}

/** /busca */
export function SearchRoute() {
  return (
    <SearchPage
      renderPost={renderPost}
      renderGroup={renderGroup}
      renderQuestion={renderQuestion}
      discover={<PhoneDiscover />}
    />
  );
}

/** /tag/{tag}: the posts with that hashtag, drawn as the feed draws them. */
export function TagRoute() {
  return <TagPage renderPost={renderPost} />;
}
