import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  appPresence,
  conversations,
  follows,
  groupMemberships,
  guardianApprovals,
  guardianLinks,
  messages,
  studyGroups,
  studySessions,
  users,
} from '../../db/schema/index.ts';
import { sha256 } from '../../lib/tokens.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Lucas's last two weeks: [days ago, Brasília hour he opened the app, minutes in the app, minutes studied]. */
const DAYS: [number, number, number, number][] = [
  [13, 19, 40, 25],
  [12, 20, 55, 0],
  [11, 18, 30, 30],
  [10, 19, 75, 50],
  [8, 21, 20, 0],
  [7, 19, 45, 35],
  [6, 18, 60, 45],
  [5, 20, 35, 20],
  [3, 19, 50, 40],
  [2, 17, 25, 25],
  [1, 19, 65, 55],
  [0, 8, 15, 10],
];

const CHAT: [from: 'lucas' | 'carla', text: string, minutesAgo: number][] = [
  ['lucas', 'Professora, não entendi a questão 4 da lista de funções.', 3 * 24 * 60],
  [
    'carla',
    'Oi, Lucas! Comece achando onde a reta corta o eixo y: é o coeficiente linear.',
    3 * 24 * 60 - 30,
  ],
  ['lucas', 'Ah, então b = 3. Agora deu certo, obrigado!', 3 * 24 * 60 - 45],
  ['carla', 'Isso mesmo. Tente a 5 do mesmo jeito e me conte.', 3 * 24 * 60 - 50],
];

/** An instant `daysAgo` days before `now` at `hour`:00 in Brasília (UTC-3). */
function brasilia(now: Date, daysAgo: number, hour: number): Date {
  const date = new Date(now.getTime() - daysAgo * DAY);
  date.setUTCHours(hour + 3, 0, 0, 0);
  return date;
}

/**
 * The guardians demo: Lucas (15) is supervised by Márcia, studies most evenings, is a member of
 * Carla's 'Matemática para o ENEM' and chats with her about it (both follow each other, so the
 * adult-and-minor rule allows it), and asks to join her paid physics group, waiting for Márcia.
 */
export async function seedDemoGuardians(db: Db, now: Date): Promise<void> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['lucas@estudai.dev', 'responsavel@estudai.dev', 'carla@estudai.dev']));
  const id = (email: string) => {
    const found = people.find((person) => person.email === email)?.id;
    if (!found) throw new Error(`demo user ${email} is missing`);
    return found;
  };
  const lucas = id('lucas@estudai.dev');
  const marcia = id('responsavel@estudai.dev');
  const carla = id('carla@estudai.dev');
  const groups = await db
    .select({ id: studyGroups.id, name: studyGroups.name })
    .from(studyGroups)
    .where(
      and(
        eq(studyGroups.ownerId, carla),
        inArray(studyGroups.name, ['Matemática para o ENEM', 'Física: Mecânica do Zero']),
      ),
    );
  const group = (name: string) => groups.find((g) => g.name === name)?.id;
  const math = group('Matemática para o ENEM');
  const physics = group('Física: Mecânica do Zero');

  await db.insert(guardianLinks).values({
    teenId: lucas,
    guardianId: marcia,
    invitedEmail: 'responsavel@estudai.dev',
    tokenHash: sha256(randomBytes(32).toString('base64url')),
    status: 'active',
    createdAt: new Date(now.getTime() - 21 * DAY),
    expiresAt: new Date(now.getTime() - 14 * DAY),
    acceptedAt: new Date(now.getTime() - 20 * DAY),
  });
  await db.insert(follows).values([
    { followerId: lucas, followingId: carla },
    { followerId: carla, followingId: lucas },
    { followerId: marcia, followingId: lucas },
  ]);
  if (math) {
    await db.insert(groupMemberships).values({
      studyGroupId: math,
      userId: lucas,
      status: 'active',
      joinedAt: new Date(now.getTime() - 18 * DAY),
    });
  }
  if (physics) {
    await db.insert(guardianApprovals).values({
      teenId: lucas,
      studyGroupId: physics,
      status: 'pending',
      createdAt: new Date(now.getTime() - 2 * 60 * MINUTE),
    });
  }

  const [userA, userB] = lucas < carla ? [lucas, carla] : [carla, lucas];
  const lastAt = new Date(now.getTime() - (CHAT.at(-1)?.[2] ?? 0) * MINUTE);
  const [conversation] = await db
    .insert(conversations)
    .values({
      userA,
      userB,
      createdAt: new Date(now.getTime() - (CHAT[0]?.[2] ?? 0) * MINUTE),
      lastMessageAt: lastAt,
    })
    .returning({ id: conversations.id });
  if (conversation) {
    await db.insert(messages).values(
      CHAT.map(([from, content, minutesAgo]) => ({
        conversationId: conversation.id,
        senderId: from === 'lucas' ? lucas : carla,
        content,
        createdAt: new Date(now.getTime() - minutesAgo * MINUTE),
        readAt: lastAt,
      })),
    );
  }

  const past = DAYS.map(([daysAgo, hour, appMinutes, studyMinutes]) => ({
    start: brasilia(now, daysAgo, hour),
    appMinutes,
    studyMinutes,
  })).filter(({ start }) => start.getTime() + 60 * MINUTE < now.getTime());
  await db.insert(studySessions).values(
    past
      .filter(({ studyMinutes }) => studyMinutes > 0)
      .map(({ start, studyMinutes }) => ({
        userId: lucas,
        startedAt: new Date(start.getTime() + 5 * MINUTE),
        endedAt: new Date(start.getTime() + (5 + studyMinutes) * MINUTE),
        durationSeconds: studyMinutes * 60,
        kind: 'timer' as const,
      })),
  );
  await db.insert(appPresence).values(
    past.flatMap(({ start, appMinutes }) =>
      Array.from({ length: Math.ceil(appMinutes / 5) }, (_, i) => ({
        userId: lucas,
        bucket: new Date(start.getTime() + i * 5 * MINUTE),
      })),
    ),
  );
}
