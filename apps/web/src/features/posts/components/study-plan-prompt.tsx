import { useState } from 'react';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { useMe } from '../../../lib/me.ts';

const DISMISSED_KEY = 'estudai:study-plan-later';

// The form, with react-hook-form and the contract's schema, loads only for someone who still has to
// answer: not with the feed's first route of everyone else.
const StudyPlanForm = lazyPart(() => import('./study-plan-form.tsx'), 'StudyPlanForm');

/**
 * The first-run step (issue 21): a new person picks their goal and subjects, which seed 'Para
 * você'. Shown above the feed until answered, or until 'Agora não' on this device.
 */
export function StudyPlanPrompt() {
  const me = useMe();
  const [later, setLater] = useState(() => localStorage.getItem(DISMISSED_KEY) === '1');
  if (!me || me.studyPlan || later) return null;

  const handleLater = () => {
    localStorage.setItem(DISMISSED_KEY, '1');
    setLater(true);
  };
  return <StudyPlanForm onLater={handleLater} />;
}
