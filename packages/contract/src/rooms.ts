import { z } from 'zod';
import {
  FRIEND_STREAKS_MAX,
  ROOM_BREAK_MINUTES,
  ROOM_FOCUS_MINUTES,
  ROOM_GOAL_MAX,
  ROOM_KINDS,
  ROOM_MESSAGES,
  ROOM_NAME_MAX,
  ROOM_REACTIONS,
} from './rooms.constants.ts';
import { SUBJECTS } from './study.constants.ts';

// Study rooms, focus blocks, streaks and leagues (issue 39): the calls' shapes.

const minutes = (range: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(range.min, message).max(range.max, message);

export const roomListQuerySchema = z.object({
  kind: z.enum(ROOM_KINDS, { error: ROOM_MESSAGES.kindInvalid }).default('public'),
  cursor: z.string().max(200, ROOM_MESSAGES.cursorInvalid).optional(),
});
export type RoomListQuery = z.infer<typeof roomListQuerySchema>;

export const createRoomSchema = z.strictObject({
  name: z
    .string({ error: ROOM_MESSAGES.nameRequired })
    .trim()
    .min(1, ROOM_MESSAGES.nameRequired)
    .max(ROOM_NAME_MAX, ROOM_MESSAGES.nameRequired),
  focusMinutes: minutes(ROOM_FOCUS_MINUTES, ROOM_MESSAGES.focusRange).default(ROOM_FOCUS_MINUTES.default),
  breakMinutes: minutes(ROOM_BREAK_MINUTES, ROOM_MESSAGES.breakRange).default(ROOM_BREAK_MINUTES.default),
});
export type CreateRoomInput = z.infer<typeof createRoomSchema>;

export const joinRoomSchema = z.strictObject({
  subject: z.enum(SUBJECTS, { error: ROOM_MESSAGES.subjectInvalid }).nullish(),
  goal: z
    .string({ error: ROOM_MESSAGES.goalTooLong })
    .trim()
    .max(ROOM_GOAL_MAX, ROOM_MESSAGES.goalTooLong)
    .nullish(),
});
export type JoinRoomInput = z.infer<typeof joinRoomSchema>;

export const roomInviteSchema = z.strictObject({ userId: z.string().max(100, ROOM_MESSAGES.userNotFound) });
export const roomReactionSchema = z.strictObject({
  reaction: z.enum(ROOM_REACTIONS, { error: ROOM_MESSAGES.reactionInvalid }),
});

export const roomPhaseSchema = z.enum(['focus', 'break']);
export type RoomPhase = z.infer<typeof roomPhaseSchema>;

export const roomSchema = z.object({
  id: z.string(),
  kind: z.enum(ROOM_KINDS),
  name: z.string(),
  focusMinutes: z.number().int(),
  breakMinutes: z.number().int(),
  phase: roomPhaseSchema,
  phaseEndsAt: z.string(),
  serverNow: z.string(),
  presentCount: z.number().int(),
  groupId: z.string().nullable(),
  isOwner: z.boolean(),
});
export type Room = z.infer<typeof roomSchema>;

export const roomPresentSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  avatar: z.string().nullable(),
  subject: z.enum(SUBJECTS).nullable(),
  goal: z.string().nullable(),
  minutesToday: z.number().int(),
});
export type RoomPresent = z.infer<typeof roomPresentSchema>;

export const roomReactionItemSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  reaction: z.enum(ROOM_REACTIONS),
  at: z.string(),
});
export type RoomReactionItem = z.infer<typeof roomReactionItemSchema>;

export const roomDetailSchema = roomSchema.extend({
  present: z.array(roomPresentSchema),
  joined: z.boolean(),
  reactions: z.array(roomReactionItemSchema),
});
export type RoomDetail = z.infer<typeof roomDetailSchema>;

export const roomInviteResultSchema = z.object({ id: z.string(), userId: z.string(), expiresAt: z.string() });

export const roomSettingsSchema = z.object({ invisible: z.boolean(), leagueOptIn: z.boolean() });
export type RoomSettings = z.infer<typeof roomSettingsSchema>;
export const updateRoomSettingsSchema = z.strictObject({
  invisible: z.boolean().optional(),
  leagueOptIn: z.boolean().optional(),
});

export const startStudyBlockSchema = z.strictObject({
  roomId: z.string().max(100).nullish(),
  subject: z.enum(SUBJECTS, { error: ROOM_MESSAGES.subjectInvalid }).nullish(),
});
export const studyBlockSchema = z.object({ id: z.string(), startedAt: z.string() });
export const heartbeatSchema = z.strictObject({
  visible: z.boolean({ error: ROOM_MESSAGES.visibleRequired }),
  /** When the client saw it, on the server's clock (offset-corrected); the arrival time without it. */
  at: z.iso.datetime({ offset: true, error: ROOM_MESSAGES.heartbeatAtInvalid }).optional(),
});
export const heartbeatResultSchema = z.object({ verifiedMinutes: z.number().int(), serverNow: z.string() });
export const endStudyBlockResultSchema = z.object({ verifiedMinutes: z.number().int() });

export const peerSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
});
export type Peer = z.infer<typeof peerSchema>;

export const friendStreakInputSchema = z.strictObject({
  userId: z.string().max(100, ROOM_MESSAGES.userNotFound),
});
export const friendStreakSchema = z.object({
  id: z.string(),
  user: peerSchema,
  days: z.number().int(),
  status: z.enum(['pending', 'active']),
  /** A pending request the viewer received (they may accept it). */
  incoming: z.boolean(),
});
export type FriendStreak = z.infer<typeof friendStreakSchema>;
export const friendStreakListSchema = z.array(friendStreakSchema).max(FRIEND_STREAKS_MAX * 4);

export const leagueSchema = z.object({
  weekStart: z.string(),
  data: z.array(z.object({ user: peerSchema, verifiedMinutes: z.number().int(), rank: z.number().int() })),
});
export type League = z.infer<typeof leagueSchema>;
export const groupLeagueSettingSchema = z.strictObject({ enabled: z.boolean() });

export const streakSchema = z.object({ days: z.number().int(), freezesLeft: z.number().int() });

/** `room:presence`: who came into a room and who left it since the last update (at most one a second). */
export interface RoomPresenceEvent {
  roomId: string;
  joined: RoomPresent[];
  left: string[];
}
/** `room:reaction`: a cheer, to everyone in the room. */
export interface RoomReactionEvent extends RoomReactionItem {
  roomId: string;
}
/** The answer to `room:enter`: the room as `GET /api/rooms/{id}` shows it, or the reason it is refused. */
export type RoomEnterAck = { ok: true; room: RoomDetail } | { ok: false; error: string };
