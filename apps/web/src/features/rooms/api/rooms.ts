import type {
  CreateRoomInput,
  FriendStreak,
  JoinRoomInput,
  League,
  Room,
  RoomDetail,
  RoomKind,
  RoomReaction,
  RoomReactionItem,
} from '@estudai/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The rooms' calls (issue 39): lists, a room, joining, cheers, friend streaks and the week's league.

export const roomKeys = {
  all: ['rooms'] as const,
  list: (kind: RoomKind) => [...roomKeys.all, 'list', kind] as const,
  room: (id: string) => [...roomKeys.all, 'room', id] as const,
  streaks: () => [...roomKeys.all, 'friend-streaks'] as const,
  league: () => [...roomKeys.all, 'league'] as const,
};

/** A reply and when it was asked and answered on this device, to measure the server's clock. */
export interface Timed<T> {
  value: T;
  sentAt: number;
  receivedAt: number;
}

async function timed<T>(call: () => Promise<T>): Promise<Timed<T>> {
  const sentAt = Date.now();
  const value = await call();
  return { value, sentAt, receivedAt: Date.now() };
}

export const useRooms = (kind: RoomKind) =>
  useQuery(
    queryOptions({
      queryKey: roomKeys.list(kind),
      queryFn: ({ signal }) => api.getPage<Room>(`/rooms?kind=${kind}`, { signal }),
    }),
  );

/** The room, read again every minute: it keeps the viewer present and the clock's offset fresh. */
export const useRoom = (id: string) =>
  useQuery({
    queryKey: roomKeys.room(id),
    queryFn: ({ signal }) => timed(() => api.get<RoomDetail>(`/rooms/${encodeURIComponent(id)}`, { signal })),
    refetchInterval: 60_000,
  });

export function useCreateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRoomInput) => api.post<Room>('/rooms', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.list('private') }),
  });
}

export function useJoinRoom(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JoinRoomInput) =>
      timed(() => api.post<RoomDetail>(`/rooms/${encodeURIComponent(id)}/join`, input)),
    onSuccess: (reply) => queryClient.setQueryData(roomKeys.room(id), reply),
  });
}

export const leaveRoom = (id: string) => api.post<unknown>(`/rooms/${encodeURIComponent(id)}/leave`);

export const sendReaction = (id: string, reaction: RoomReaction) =>
  api.post<RoomReactionItem>(`/rooms/${encodeURIComponent(id)}/reactions`, { reaction });

export const useFriendStreaks = () =>
  useQuery({
    queryKey: roomKeys.streaks(),
    queryFn: ({ signal }) => api.get<FriendStreak[]>('/friend-streaks', { signal }),
  });

export function useAcceptFriendStreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>(`/friend-streaks/${encodeURIComponent(id)}/accept`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.streaks() }),
  });
}

export function useProposeFriendStreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.post<unknown>('/friend-streaks', { userId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.streaks() }),
  });
}

/** The week's league: the reply is `{ weekStart, data }` itself. */
export const useWeekLeague = () =>
  useQuery({
    queryKey: roomKeys.league(),
    queryFn: ({ signal }) =>
      api.getPage<League['data'][number]>('/leagues/week', { signal }) as unknown as Promise<League>,
  });
