// The study rooms' two screens as one chunk (the list leads to a room, a room back to the list).
export { RoomPage } from './room-page.tsx';
export { RoomsPage } from './rooms-page.tsx';
