import type { GroupRef } from '@estudai/contract';
import type { Tx } from '../../db/client.ts';
import { listUserGroupRefs, ownerOverallRating } from '../groups/index.ts';
import { countMaterials, countQuestionPosts, countVideos } from './content-metrics.queries.ts';

// What a professor, mentor or tutor has published, for "Métricas de Conteúdo" (spec §2).

/** Average of the ratings their groups received (0 to 5, one decimal), 0 until anyone rates one. */
function overallRating(db: Tx, userId: string): Promise<number> {
  return ownerOverallRating(db, userId);
}

/** Groups they own, and groups they are a current member of. */
function listUserGroups(
  db: Tx,
  userId: string,
): Promise<{ ownGroups: GroupRef[]; memberGroups: GroupRef[] }> {
  return listUserGroupRefs(db, userId);
}

export async function contentMetrics(db: Tx, userId: string) {
  const [questionsCount, materialsCount, videosCount, rating, groups] = await Promise.all([
    countQuestionPosts(db, userId),
    countMaterials(db, userId),
    countVideos(db, userId),
    overallRating(db, userId),
    listUserGroups(db, userId),
  ]);
  return { questionsCount, materialsCount, videosCount, overallRating: rating, ...groups };
}
