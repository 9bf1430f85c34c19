import {
  countEssayLines,
  countEssayWords,
  type EssayAssignment,
  type EssayChecks,
  type EssayCorrection,
  type EssayDetail,
  type EssayPrompt,
  type EssaySummary,
  essayChecks,
} from '@estudai/contract';
import type { EssayRow, PromptRow, PromptWithAuthor, ReviewRow } from './essays.queries.ts';

// Rows → the API's shapes. An assignment never carries an author field.

const motivatingWords = (prompt: PromptRow) =>
  prompt.motivatingTexts.flatMap((item) => (item.text ? [item.text] : []));

/** Lines, words and checks of an essay's text (a photo-only essay has none to flag). */
function measure(text: string, prompt: PromptRow): { lines: number; words: number; checks: EssayChecks } {
  const checks = essayChecks(text, motivatingWords(prompt));
  const hasText = text.trim().length > 0;
  return {
    lines: countEssayLines(text),
    words: countEssayWords(text),
    checks: { ...checks, insufficient: hasText && checks.insufficient },
  };
}

export function toPrompt(prompt: PromptWithAuthor): EssayPrompt {
  return {
    id: prompt.id,
    title: prompt.title,
    motivatingTexts: prompt.motivatingTexts.map((item) =>
      item.text ? { text: item.text } : { mediaUrl: item.mediaUrl },
    ),
    instruction: prompt.instruction,
    groupId: prompt.groupId,
    author: { id: prompt.authorId, displayName: prompt.authorName },
    createdAt: prompt.createdAt.toISOString(),
  };
}

export function toSummary(essay: EssayRow, prompt: PromptRow): EssaySummary {
  return {
    id: essay.id,
    status: essay.status,
    destination: essay.destination,
    ...measure(essay.text, prompt),
    prompt: { id: prompt.id, title: prompt.title },
    finalScore: essay.status === 'done' ? essay.finalScore : null,
    createdAt: essay.createdAt.toISOString(),
    submittedAt: essay.submittedAt?.toISOString() ?? null,
    correctedAt: essay.correctedAt?.toISOString() ?? null,
  };
}

function toCorrection(review: ReviewRow): EssayCorrection {
  return {
    scores: review.scores,
    zeroReason: review.zeroReason,
    total: review.total ?? 0,
    comments: review.comments,
    generalComment: review.generalComment,
  };
}

export function toDetail(
  essay: EssayRow,
  prompt: PromptWithAuthor,
  corrections: ReviewRow[],
  isAuthor: boolean,
): EssayDetail {
  return {
    ...toSummary(essay, prompt),
    text: essay.text,
    mediaUrls: essay.mediaUrls,
    prompt: toPrompt(prompt),
    corrections: essay.status === 'done' ? corrections.map(toCorrection) : [],
    isAuthor,
  };
}

/** The assignment a grader sees: the text, the pages, the prompt and the checks; nobody's name. */
export function toAssignment(review: ReviewRow, essay: EssayRow, prompt: PromptRow): EssayAssignment {
  return {
    id: review.id,
    essay: {
      id: essay.id,
      text: essay.text,
      mediaUrls: essay.mediaUrls,
      ...measure(essay.text, prompt),
      prompt: {
        id: prompt.id,
        title: prompt.title,
        motivatingTexts: prompt.motivatingTexts.map((item) =>
          item.text ? { text: item.text } : { mediaUrl: item.mediaUrl },
        ),
        instruction: prompt.instruction,
        groupId: prompt.groupId,
        createdAt: prompt.createdAt.toISOString(),
      },
    },
    expiresAt: review.expiresAt.toISOString(),
  };
}
