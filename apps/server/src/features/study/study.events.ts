import type { AppContext } from '../../context.ts';
import { recordWrongAnswers } from './notebook.queries.ts';
import { recordFocusBlock } from './study.service.ts';

/** What study does when other features tell it something happened (events/domain-events.ts). */
export function subscribeStudy(ctx: AppContext): void {
  // A wrong answer anywhere (a post, the bank, a quiz, a simulado) puts its question in the caderno.
  ctx.events.subscribe('question.answered', 'study.caderno', async (tx, event) => {
    const wrong = event.answers.filter((answer) => !answer.isCorrect);
    await recordWrongAnswers(
      tx,
      event.userId,
      wrong.map(({ postId, questionIndex }) => ({ postId, questionIndex })),
      new Date(event.at),
    );
    return undefined;
  });
  // A focus block's verified minutes are study time (the solo timer runs blocks since issue 39).
  ctx.events.on('rooms.blockEnded', (tx, event) => recordFocusBlock(ctx, tx, event));
}
