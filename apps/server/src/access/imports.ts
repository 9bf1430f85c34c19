import { GROUP_CREATOR_TYPES, IMPORT_MESSAGES, type UserType } from '@estudai/contract';

// Who may bring questions in and take them out (issue 42), as pure rules over facts the features
// load (the group's access through groups.ts). Importing adds the importer's own posts, where they
// could already post by hand: it reaches nobody new, a minor included.

export interface ImportFacts {
  userType: UserType;
  /** The target group, when there is one: does the importer teach it (owner or co-teacher)? */
  group: { manages: boolean } | null;
}

/** Why this import is refused (403), or null: teachers (and admins) into their own posts or a group they teach. */
export function importRefusal(facts: ImportFacts): string | null {
  if (!(GROUP_CREATOR_TYPES as readonly string[]).includes(facts.userType)) return IMPORT_MESSAGES.forbidden;
  if (facts.group && !facts.group.manages) return IMPORT_MESSAGES.groupForbidden;
  return null;
}

/**
 * A group's questions go out (with their keys) to whoever teaches it, or an admin; members see a
 * key only after answering, so a file of them all is not theirs to take.
 */
export function canExportGroupQuestions(facts: { manages: boolean; isAdmin: boolean }): boolean {
  return facts.manages || facts.isAdmin;
}
