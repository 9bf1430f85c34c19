import { and, eq } from 'drizzle-orm';
import { currentMembershipSql } from '../../access/index.ts';
import type { Db } from '../../db/client.ts';
import {
  forumComments,
  forumTopicLikes,
  forumTopics,
  groupMemberships,
  studyGroups,
  users,
} from '../../db/schema/index.ts';

/** Who writes: the group's owner, or a demo student (the owner instead if they are not a member). */
type Writer = 'owner' | 'ana.souza' | 'bruno.lima';

interface DemoTopic {
  group: string;
  by: Writer;
  minutesAgo: number;
  title: string;
  content: string;
  isPinned?: boolean;
  likedBy?: Writer[];
  replies: { by: Writer; minutesAgo: number; content: string }[];
}

const DEMO_TOPICS: DemoTopic[] = [
  {
    group: 'Matemática para o ENEM',
    by: 'owner',
    minutesAgo: 60 * 24 * 6,
    isPinned: true,
    title: 'Boas-vindas e combinados do fórum',
    content:
      'Olá, turma! Usem este espaço para dúvidas de conteúdo e de organização dos estudos. Antes de abrir um tópico, vejam se a dúvida já foi respondida. Respeito sempre. 💜',
    likedBy: ['ana.souza', 'bruno.lima'],
    replies: [
      { by: 'ana.souza', minutesAgo: 60 * 24 * 6 - 30, content: 'Obrigada, professora! Bora pra cima! 🚀' },
    ],
  },
  {
    group: 'Matemática para o ENEM',
    by: 'ana.souza',
    minutesAgo: 60 * 5,
    title: 'Quando vale a pena usar soma e produto em vez de Bhaskara?',
    content:
      'No simulado perdi muito tempo com Bhaskara em x² - 5x + 6 = 0. Tem algum jeito de saber quando dá para resolver de cabeça?',
    likedBy: ['owner'],
    replies: [
      {
        by: 'owner',
        minutesAgo: 60 * 4,
        content:
          'Quando a = 1 e as raízes são inteiras pequenas, procure dois números com soma -b/a e produto c/a. Aqui: soma 5 e produto 6, logo 2 e 3. Se não achar em 20 segundos, vá de Bhaskara.',
      },
      {
        by: 'bruno.lima',
        minutesAgo: 60 * 3,
        content: 'Essa dica dos 20 segundos é ótima, vou usar no próximo simulado.',
      },
    ],
  },
  {
    group: 'Física: Mecânica do Zero',
    by: 'bruno.lima',
    minutesAgo: 60 * 26,
    title: 'Área do gráfico v × t é sempre o deslocamento?',
    content:
      'Vi numa questão que a área sob o gráfico dá o deslocamento. Isso vale também quando a velocidade fica negativa?',
    replies: [
      {
        by: 'owner',
        minutesAgo: 60 * 25,
        content:
          'Vale, com sinal: a área abaixo do eixo conta negativa. Se a questão pedir distância percorrida, some os módulos das áreas.',
      },
    ],
  },
];

const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

async function writersOf(db: Db, group: { id: string; ownerId: string }) {
  const members = await db
    .select({ id: users.id, username: users.username })
    .from(groupMemberships)
    .innerJoin(users, eq(users.id, groupMemberships.userId))
    .where(and(eq(groupMemberships.studyGroupId, group.id), currentMembershipSql));
  return (writer: Writer) =>
    writer === 'owner' ? group.ownerId : (members.find((m) => m.username === writer)?.id ?? group.ownerId);
}

/**
 * Demo forum topics with replies and likes in the demo groups (found by name, so this runs after
 * the groups are seeded; a group that is not there is skipped). Counters match the rows.
 */
export async function seedDemoForum(db: Db, now: Date): Promise<number> {
  let seeded = 0;
  for (const demo of DEMO_TOPICS) {
    const [group] = await db
      .select({ id: studyGroups.id, ownerId: studyGroups.ownerId })
      .from(studyGroups)
      .where(eq(studyGroups.name, demo.group))
      .limit(1);
    if (!group) continue;
    const writer = await writersOf(db, group);
    const likers = [...new Set((demo.likedBy ?? []).map(writer))];
    const [topic] = await db
      .insert(forumTopics)
      .values({
        studyGroupId: group.id,
        authorId: writer(demo.by),
        title: demo.title,
        content: demo.content,
        isPinned: demo.isPinned ?? false,
        likesCount: likers.length,
        repliesCount: demo.replies.length,
        createdAt: minutesAgo(now, demo.minutesAgo),
      })
      .returning({ id: forumTopics.id });
    if (!topic) continue;
    if (likers.length) {
      await db.insert(forumTopicLikes).values(likers.map((userId) => ({ topicId: topic.id, userId })));
    }
    if (demo.replies.length) {
      await db.insert(forumComments).values(
        demo.replies.map((reply) => ({
          topicId: topic.id,
          authorId: writer(reply.by),
          content: reply.content,
          createdAt: minutesAgo(now, reply.minutesAgo),
        })),
      );
    }
    seeded++;
  }
  return seeded;
}
