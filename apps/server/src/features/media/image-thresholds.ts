import type { ImageScores, MediaSensitivity } from '@estudai/contract';

// Issue 43, decision 051: the one place the image check's thresholds live. The model's five scores
// add up to 1; `porn` and `hentai` are sexual content, `sexy` is suggestive (swimwear, underwear).

export const IMAGE_THRESHOLDS = {
  /** Clearly sexual: hidden from everyone but its uploader until a moderator decides. */
  blocked: 0.8,
  /** Sexual plus suggestive above this: blurred for adults, never sent to minors, queued for moderators. */
  sensitive: 0.4,
} as const;

/** What the check says of an image with these scores. */
export function sensitivityOf(scores: ImageScores): Exclude<MediaSensitivity, 'pending'> {
  if (scores.porn >= IMAGE_THRESHOLDS.blocked || scores.hentai >= IMAGE_THRESHOLDS.blocked) return 'blocked';
  if (scores.porn + scores.hentai + scores.sexy >= IMAGE_THRESHOLDS.sensitive) return 'sensitive';
  return 'ok';
}
