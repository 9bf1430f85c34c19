// The users feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { searchPeople } from './people-search.service.ts';
export { seedDemoProfiles } from './profiles.demo.ts';
export { subscribeUsers } from './users.events.ts';
export { usersRoutes } from './users.routes.ts';
export { describeMe } from './users.service.ts';
