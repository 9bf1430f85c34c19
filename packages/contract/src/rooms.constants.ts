// Study rooms ('Salas de estudo', issue 39): limits, the preset reactions, the streak and league
// rules and every pt-BR message, without zod (the schemas are in rooms.ts).

export const ROOM_KINDS = ['public', 'group', 'private'] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

/** The shared pomodoro: 25/5 by default; an owner's own cycle within these limits. */
export const ROOM_FOCUS_MINUTES = { min: 15, max: 90, default: 25 } as const;
export const ROOM_BREAK_MINUTES = { min: 5, max: 30, default: 5 } as const;
export const ROOM_NAME_MAX = 60;
export const ROOM_GOAL_MAX = 80;
export const ROOMS_PAGE_SIZE = 20;
/** A private room's invitation lasts a week, like a group's invite link. */
export const ROOM_INVITE_DAYS = 7;

/** Preset cheers: there is no free text between strangers in a room. */
export const ROOM_REACTIONS = ['bora', 'forca', 'pausa', 'palmas'] as const;
export type RoomReaction = (typeof ROOM_REACTIONS)[number];
export const ROOM_REACTION_LABELS: Record<RoomReaction, string> = {
  bora: 'Bora!',
  forca: '💪',
  pausa: 'Pausa merecida',
  palmas: '👏',
};
/** What a screen reader says for each (an emoji alone reads as its Unicode name). */
export const ROOM_REACTION_NAMES: Record<RoomReaction, string> = {
  bora: 'Bora!',
  forca: 'Força',
  pausa: 'Pausa merecida',
  palmas: 'Palmas',
};
/** At most 10 reactions in 10 seconds per person. */
export const ROOM_REACTIONS_PER_WINDOW = 10;
export const ROOM_REACTIONS_WINDOW_SECONDS = 10;

/** Live presence: one update a second per room at most, and a reconnect within 60 s shows no leave. */
export const ROOM_PRESENCE_BATCH_MS = 1_000;
export const ROOM_PRESENCE_GRACE_MS = 60_000;

/** Focus blocks: a heartbeat every 30 s while the tab is visible. */
export const STUDY_BLOCK_HEARTBEAT_SECONDS = 30;
/** A heartbeat vouches for at most this many seconds before it (30 s plus the network's jitter). */
export const STUDY_BLOCK_HEARTBEAT_COVERS_SECONDS = 40;
/** A block with no sign for this long has stopped (a closed tab): no more heartbeats, it ended at its last one. */
export const STUDY_BLOCK_IDLE_MINUTES = 10;

/** A streak day: 25 verified minutes, or 10 answers and reviews (Brasília days). */
export const STREAK_DAY_MINUTES = 25;
export const STREAK_DAY_ACTIVITIES = 10;
/** One 'congelamento' a week, used by itself on a missed day. */
export const STREAK_FREEZES_PER_WEEK = 1;
export const FRIEND_STREAKS_MAX = 5;

/** The public rooms every student finds at /salas: by goal, then one per subject. */
export const PUBLIC_ROOM_GOALS = [
  { slug: 'enem', name: 'ENEM' },
  { slug: 'vestibulares', name: 'Vestibulares' },
  { slug: 'concursos', name: 'Concursos' },
] as const;

export const ROOM_MESSAGES = {
  notFound: 'Sala não encontrada.',
  nameRequired: 'Dê um nome à sala (até 60 caracteres).',
  focusRange: 'O foco deve durar de 15 a 90 minutos.',
  breakRange: 'A pausa deve durar de 5 a 30 minutos.',
  goalTooLong: 'A meta deve ter no máximo 80 caracteres.',
  subjectInvalid: 'Escolha uma matéria da lista.',
  kindInvalid: 'Tipo de sala inválido: use public, group ou private.',
  cursorInvalid: 'Cursor inválido.',
  groupMembersOnly: 'Esta sala é só para os membros do grupo.',
  privateInviteOnly: 'Esta sala é privada: você precisa de um convite.',
  notInRoom: 'Você não está nesta sala.',
  inviteOwnerOnly: 'Só quem criou a sala pode convidar.',
  inviteOnlyPrivate: 'Só salas privadas recebem convites.',
  inviteMutualOnly: 'Você só pode convidar quem segue você e é seguido por você.',
  inviteMinorForbidden: 'Menores de idade só podem ser convidados pelos professores dos seus grupos.',
  inviteSelf: 'Você já está na sua sala.',
  userNotFound: 'Usuário não encontrado.',
  reactionInvalid: "Reação inválida: use 'Bora!', '💪', 'Pausa merecida' ou '👏'.",
  tooManyReactions: 'Calma! No máximo 10 reações a cada 10 segundos.',
  blockNotFound: 'Bloco de foco não encontrado.',
  blockNotRunning: 'Este bloco de foco não está em andamento.',
  heartbeatFromFuture: 'O sinal do bloco de foco veio do futuro: confira o relógio do aparelho.',
  heartbeatBeforeStart: 'O sinal do bloco de foco é anterior ao início do bloco.',
  heartbeatAtInvalid: 'Horário do sinal inválido.',
  visibleRequired: 'Informe se a aba está visível (visible: true ou false).',
  friendStreakMutualOnly: 'Ofensivas em dupla são só entre pessoas que se seguem mutuamente.',
  friendStreakLimit: 'Você já tem 5 ofensivas em dupla, o máximo.',
  friendStreakExists: 'Vocês já têm uma ofensiva em dupla (ou um pedido pendente).',
  friendStreakSelf: 'Uma ofensiva em dupla precisa de outra pessoa.',
  friendStreakNotFound: 'Pedido de ofensiva não encontrado.',
  friendStreakNotYours: 'Só a pessoa convidada pode aceitar este pedido.',
  leagueOff: 'O dono do grupo desligou a liga da semana.',
  leagueManagerOnly: 'Só o dono do grupo pode ligar ou desligar a liga.',
  leagueNotificationTitle: 'Liga da semana: o pódio',
  leagueNotificationNewWeek: 'Uma nova semana começou!',
} as const;

export const ROOM_ERROR_CODES = {
  membersOnly: 'ROOM_MEMBERS_ONLY',
  inviteOnly: 'ROOM_INVITE_ONLY',
  minorInvite: 'ROOM_MINOR_INVITE',
  notMutual: 'NOT_MUTUAL_FOLLOWERS',
  friendStreakLimit: 'FRIEND_STREAK_LIMIT',
  blockNotRunning: 'BLOCK_NOT_RUNNING',
  heartbeatFuture: 'HEARTBEAT_FROM_FUTURE',
} as const;
