import { z } from 'zod';
import { STUDY_GOALS, STUDY_PLAN_MESSAGES, SUBJECTS } from './study.constants.ts';

/**
 * `PUT /api/users/me/study-plan`, the first-run step: what the person studies for and which
 * subjects (at least one, each once), which 'Para você' ranks higher. Also how `me` carries it.
 */
export const studyPlanSchema = z.strictObject({
  goal: z.enum(STUDY_GOALS, { error: STUDY_PLAN_MESSAGES.goalInvalid }),
  subjects: z
    .array(z.enum(SUBJECTS, { error: STUDY_PLAN_MESSAGES.subjectInvalid }), {
      error: STUDY_PLAN_MESSAGES.subjectsRequired,
    })
    .min(1, STUDY_PLAN_MESSAGES.subjectsRequired)
    .max(SUBJECTS.length, STUDY_PLAN_MESSAGES.subjectInvalid)
    .refine((subjects) => new Set(subjects).size === subjects.length, STUDY_PLAN_MESSAGES.subjectRepeated),
});
export type StudyPlan = z.infer<typeof studyPlanSchema>;
