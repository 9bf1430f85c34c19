// The one policy surface (issue 35): who may see or do what — groups, posts, blocks, follows,
// minors and guardians, profiles, chat, simulados. Features ask here and nowhere else; each rule is a
// pure function over facts (tested as a table in policies.test.ts) beside the queries that load them.

export * from './blocks.ts';
export * from './chat.ts';
export * from './decks.ts';
export * from './essays.ts';
export * from './files.ts';
export * from './follows.ts';
export * from './groups.ts';
export * from './hidden-words.ts';
export * from './imports.ts';
export * from './minors.ts';
export * from './moderation.ts';
export * from './posts.ts';
export * from './profiles.ts';
export * from './question-keys.ts';
export * from './resolutions.ts';
export * from './rooms.ts';
export * from './simulados.ts';
export * from './users.ts';
