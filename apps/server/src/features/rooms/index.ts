// The rooms feature's public face (issue 39): study rooms, focus blocks and verified minutes,
// streaks and leagues. Nothing else in this folder is imported from outside it.

export { weekLeaguesToCelebrate } from './progress.service.ts';
export { seedDemoRooms } from './rooms.demo.ts';
export { verifiedMinutesByDay } from './rooms.queries.ts';
export { roomsRoutes } from './rooms.routes.ts';
