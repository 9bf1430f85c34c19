import type { Post, QuestionData } from '@estudai/contract/constants';
import type { ErrorActionsQuestion } from '../../../components/question/question-error-actions.tsx';

/** A question post's question as its error actions (report, key, marks; issue 40) need it. */
export const errorActionsQuestion = (post: Post, data: QuestionData): ErrorActionsQuestion => ({
  postId: post.id,
  questionIndex: 0,
  authorId: post.author.id,
  options: data.options,
  correctAnswer: data.correctAnswer,
});
