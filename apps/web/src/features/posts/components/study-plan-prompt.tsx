import { useState } from 'react';
import { isGuardianAccount } from '../../../lib/auth.tsx';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { useMe } from '../../../lib/me.ts';

const DISMISSED_KEY = 'estudai:study-plan-later';

/** 'Agora não' is not forever (issue 36): the step comes back a week later. */
const ASK_AGAIN_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether 'Agora não' was tapped on this device less than a week before `now`. */
function askedLaterRecently(now: number): boolean {
  const at = Number(localStorage.getItem(DISMISSED_KEY));
  // '1' (the old, forever answer) counts as long ago: the step comes back once.
  return Number.isFinite(at) && at > 1 && now - at < ASK_AGAIN_AFTER_MS;
}

// The form, with react-hook-form and the contract's schema, loads only for someone who still has to
// answer: not with the feed's first route of everyone else.
const StudyPlanForm = lazyPart(() => import('./study-plan-form.tsx'), 'StudyPlanForm');

/**
 * The first-run step (issue 21): a new person picks their goal and subjects, which seed 'Para
 * você'. Shown above the feed until answered; 'Agora não' hides it on this device for a week. Settings ›
 * 'Objetivo e matérias' changes the answer any time (pages/study-plan-page.tsx).
 */
export function StudyPlanPrompt() {
  const me = useMe();
  const [later, setLater] = useState(() => askedLaterRecently(Date.now()));
  // A guardian's account (issue 36) follows a teen's study; it has no feed of its own to set up.
  if (!me || me.studyPlan || later || isGuardianAccount(me)) return null;

  const handleLater = () => {
    localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    setLater(true);
  };
  return <StudyPlanForm onLater={handleLater} />;
}
