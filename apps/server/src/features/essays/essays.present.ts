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
  type ShownMedia,
} from '@estudai/contract';
import type { EssayRow, PromptRow, PromptWithAuthor, ReviewRow } from './essays.queries.ts';

// Rows → the API's shapes. An assignment never carries an author field.

/** The images of the reply as its viewer gets them (`shownImagesOf`): a removed one has no entry. */
export type ShownImages = Map<string, ShownMedia>;

/** An essay's pages for this viewer: `media` each page, `mediaUrls` those they may load (issue 43). */
function pagesOf(urls: string[], shown: ShownImages) {
  const media = urls.flatMap((url) => shown.get(url) ?? []);
  return { mediaUrls: media.flatMap((item) => (item.url ? [item.url] : [])), media };
}

/** A motivating text, or its image with what the image check said (no address when not for this viewer). */
function motivatingOut(
  items: PromptRow['motivatingTexts'],
  shown: ShownImages,
): EssayPrompt['motivatingTexts'] {
  return items.flatMap((item): EssayPrompt['motivatingTexts'] => {
    if (item.text) return [{ text: item.text }];
    const image = item.mediaUrl ? shown.get(item.mediaUrl) : undefined;
    if (!image) return [];
    return [
      image.url
        ? { mediaUrl: image.url, sensitivity: image.sensitivity }
        : { sensitivity: image.sensitivity },
    ];
  });
}

/** Every image address a reply about these proposals and essays holds (to look them up at once). */
export function imageUrlsOf(prompts: PromptRow[], essays: EssayRow[] = []): string[] {
  return [
    ...prompts.flatMap((prompt) =>
      prompt.motivatingTexts.flatMap((item) => (item.mediaUrl ? [item.mediaUrl] : [])),
    ),
    ...essays.flatMap((essay) => essay.mediaUrls),
  ];
}

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

export function toPrompt(prompt: PromptWithAuthor, shown: ShownImages): EssayPrompt {
  return {
    id: prompt.id,
    title: prompt.title,
    motivatingTexts: motivatingOut(prompt.motivatingTexts, shown),
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
  shown: ShownImages,
): EssayDetail {
  return {
    ...toSummary(essay, prompt),
    text: essay.text,
    ...pagesOf(essay.mediaUrls, shown),
    prompt: toPrompt(prompt, shown),
    corrections: essay.status === 'done' ? corrections.map(toCorrection) : [],
    isAuthor,
  };
}

/** The assignment a grader sees: the text, the pages, the prompt and the checks; nobody's name. */
export function toAssignment(
  review: ReviewRow,
  essay: EssayRow,
  prompt: PromptRow,
  shown: ShownImages,
): EssayAssignment {
  return {
    id: review.id,
    essay: {
      id: essay.id,
      text: essay.text,
      ...pagesOf(essay.mediaUrls, shown),
      ...measure(essay.text, prompt),
      prompt: {
        id: prompt.id,
        title: prompt.title,
        motivatingTexts: motivatingOut(prompt.motivatingTexts, shown),
        instruction: prompt.instruction,
        groupId: prompt.groupId,
        createdAt: prompt.createdAt.toISOString(),
      },
    },
    expiresAt: review.expiresAt.toISOString(),
  };
}
