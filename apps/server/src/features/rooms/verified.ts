import { STUDY_BLOCK_HEARTBEAT_COVERS_SECONDS } from '@estudai/contract';

const MINUTE_MS = 60_000;
/** A minute counts when at least half of it was vouched for by visible heartbeats. */
const MINUTE_COVERED_MS = 30_000;

/**
 * The verified minutes of a focus block ('horas verificadas', issue 39). The block is cut in whole
 * minutes from its start (a last, unfinished minute does not count). A visible heartbeat at `t`
 * vouches for the time since the block's previous heartbeat (visible or not), at most 40 s back
 * (a heartbeat every 30 s plus jitter); a hidden tab's heartbeat vouches for nothing. A minute counts
 * when 30 s of it are vouched for, or when the student answered a question or reviewed a card in it.
 */
export function verifiedMinutes(
  startedAt: Date,
  until: Date,
  heartbeats: { at: Date; visible: boolean }[],
  evidence: Date[],
): number {
  const start = startedAt.getTime();
  const minutes = Math.max(0, Math.floor((until.getTime() - start) / MINUTE_MS));
  if (minutes === 0) return 0;
  const covered = new Array<number>(minutes).fill(0);
  const counted = new Array<boolean>(minutes).fill(false);
  const sorted = [...heartbeats].sort((a, b) => a.at.getTime() - b.at.getTime());
  let previous = start;
  for (const beat of sorted) {
    const t = Math.min(beat.at.getTime(), start + minutes * MINUTE_MS);
    const from = Math.max(previous, t - STUDY_BLOCK_HEARTBEAT_COVERS_SECONDS * 1000);
    previous = Math.max(previous, beat.at.getTime());
    if (!beat.visible || t <= from) continue;
    // Spread the interval (from, t] over the minutes it touches.
    for (let at = from; at < t; ) {
      const minute = Math.floor((at - start) / MINUTE_MS);
      const minuteEnd = start + (minute + 1) * MINUTE_MS;
      const upTo = Math.min(t, minuteEnd);
      if (minute >= 0 && minute < minutes) covered[minute] = (covered[minute] ?? 0) + (upTo - at);
      at = upTo;
    }
  }
  for (let i = 0; i < minutes; i++) counted[i] = (covered[i] ?? 0) >= MINUTE_COVERED_MS;
  for (const instant of evidence) {
    const minute = Math.floor((instant.getTime() - start) / MINUTE_MS);
    if (minute >= 0 && minute < minutes) counted[minute] = true;
  }
  return counted.filter(Boolean).length;
}
