import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  groupMemberships,
  groupPayments,
  groupRatings,
  posts,
  studyGroups,
  users,
} from '../../db/schema/index.ts';
import { addMonths } from '../../lib/add-months.ts';
import { sandboxFee } from '../../lib/sandbox-fee.ts';
import { groupSearchText } from './groups.service.ts';

type Username = 'ana.souza' | 'bruno.lima' | 'prof.carla' | 'mentor.diego' | 'tutora.elisa';
type GroupInsert = Omit<
  typeof studyGroups.$inferInsert,
  'ownerId' | 'searchText' | 'createdAt' | 'updatedAt'
>;

interface DemoGroup {
  key: string;
  by: Username;
  daysAgo: number;
  group: GroupInsert;
  /** Members since a few days after the group opened; in a paid group, through a sandbox payment. */
  members: Username[];
  ratings?: [Username, number][];
}

/** Demo covers are files the app serves itself (apps/web/public/demo); the rest show the placeholder. */
const demoGroups = (publicUrl: string): DemoGroup[] => [
  {
    key: 'matematica',
    by: 'prof.carla',
    daysAgo: 30,
    group: {
      name: 'Matemática para o ENEM',
      description:
        'Funções, geometria, estatística e razão e proporção com listas semanais no estilo ENEM e correção comentada.',
      summary: 'Uma lista nova toda segunda, com resolução em vídeo.',
      category: 'matematica',
      subject: 'ENEM',
      maxMembers: 60,
      tags: ['Funções', 'Geometria', 'Estatística'],
    },
    members: ['ana.souza', 'bruno.lima'],
    ratings: [
      ['ana.souza', 5],
      ['bruno.lima', 4],
    ],
  },
  {
    key: 'fisica',
    by: 'prof.carla',
    daysAgo: 21,
    group: {
      name: 'Física: Mecânica do Zero',
      description: 'Cinemática, leis de Newton, trabalho e energia do básico até questões de vestibular.',
      summary: 'Teoria curta e muitos exercícios resolvidos.',
      category: 'fisica',
      subject: 'Vestibular',
      isPaid: true,
      price: 4990,
      subscriptionDuration: 6,
      maxMembers: 40,
      tags: ['Mecânica', 'Cinemática', 'Vestibular'],
    },
    members: ['bruno.lima'],
    ratings: [['bruno.lima', 5]],
  },
  {
    key: 'calculo',
    by: 'prof.carla',
    daysAgo: 12,
    group: {
      name: 'Cálculo I para Calouros',
      description: 'Limites, derivadas e integrais para quem acabou de entrar na faculdade.',
      summary: 'Plantão de dúvidas às quintas.',
      category: 'matematica',
      subject: 'Superior',
      maxMembers: 80,
      tags: ['Cálculo', 'Derivadas', 'Integrais'],
    },
    members: ['bruno.lima'],
  },
  {
    key: 'redacao',
    by: 'mentor.diego',
    daysAgo: 25,
    group: {
      name: 'Redação Nota 1000',
      description:
        'Estrutura dissertativo-argumentativa, repertório sociocultural e proposta de intervenção completa.',
      summary: 'Correção individual de uma redação por semana.',
      category: 'portugues',
      subject: 'ENEM',
      isPaid: true,
      price: 4990,
      subscriptionDuration: null,
      maxMembers: 30,
      tags: ['Redação', 'ENEM', 'Competência 5'],
    },
    members: ['ana.souza'],
    ratings: [['ana.souza', 5]],
  },
  {
    key: 'historia',
    by: 'mentor.diego',
    daysAgo: 8,
    group: {
      name: 'História do Brasil em Mapas',
      description: 'Colônia, Império e República explicados com mapas mentais e linhas do tempo.',
      summary: 'Revisão visual para vestibulares.',
      category: 'historia',
      subject: 'Vestibular',
      maxMembers: 100,
      tags: ['Brasil Colônia', 'República', 'Mapas mentais'],
    },
    members: [],
  },
  {
    key: 'biologia',
    by: 'tutora.elisa',
    daysAgo: 18,
    group: {
      name: 'Biologia: Genética e Evolução',
      description: 'Leis de Mendel, heredogramas, mutações e evolução com questões do ENEM comentadas.',
      summary: 'Mapas mentais e quizzes toda semana.',
      coverImage: `${publicUrl}/demo/mapa-mental-genetica.webp`,
      category: 'biologia',
      subject: 'ENEM',
      maxMembers: 50,
      tags: ['Genética', 'Evolução', 'Mendel'],
    },
    members: ['ana.souza'],
    ratings: [['ana.souza', 4]],
  },
  {
    key: 'quimica',
    by: 'tutora.elisa',
    daysAgo: 5,
    group: {
      name: 'Química Orgânica Essencial',
      description: 'Funções orgânicas, isomeria e reações com resumos e exercícios de fixação.',
      summary: 'Acesso por três meses a todo o material.',
      category: 'quimica',
      subject: 'Vestibular',
      isPaid: true,
      price: 2990,
      subscriptionDuration: 3,
      maxMembers: 25,
      tags: ['Orgânica', 'Isomeria', 'Reações'],
    },
    members: [],
  },
];

interface DemoGroupPost {
  group: string;
  by: Username;
  hoursAgo: number;
  post: Omit<typeof posts.$inferInsert, 'authorId' | 'studyGroupId' | 'createdAt'>;
}

const demoGroupPosts: DemoGroupPost[] = [
  {
    group: 'matematica',
    by: 'prof.carla',
    hoursAgo: 50,
    post: {
      type: 'text',
      content: 'Bem-vindos! Toda segunda sai uma lista nova. Comecem pela lista 1 de funções do 1º grau 📐',
    },
  },
  {
    group: 'matematica',
    by: 'ana.souza',
    hoursAgo: 6,
    post: {
      type: 'text',
      content:
        'Prof, na questão 4 da lista 1 o coeficiente angular é $-\\frac{1}{2}$ mesmo? Cheguei em $\\frac{1}{2}$.',
    },
  },
  {
    group: 'biologia',
    by: 'tutora.elisa',
    hoursAgo: 20,
    post: {
      type: 'poll',
      content: 'Vamos escolher o tema da próxima live!',
      pollData: {
        question: 'Qual tema revisamos na próxima live?',
        options: ['Heredogramas', 'Grupos sanguíneos', 'Evolução'],
        expiresAt: null,
      },
      pollVoteCounts: [0, 0, 0],
    },
  },
];

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/**
 * Demo study groups by the demo teachers: free and paid, memberships for the demo students, a few
 * ratings and group posts. Runs once: a database that already has any of them is left alone.
 */
export async function seedDemoGroups(db: Db, now: Date, publicUrl = 'http://localhost:3000'): Promise<void> {
  const groups = demoGroups(publicUrl);
  const existing = await db
    .select({ id: studyGroups.id })
    .from(studyGroups)
    .where(
      inArray(
        studyGroups.name,
        groups.map((demo) => demo.group.name),
      ),
    )
    .limit(1);
  if (existing.length > 0) return;

  const people = await db
    .select({ id: users.id, username: users.username, displayName: users.displayName })
    .from(users)
    .where(
      inArray(users.username, ['ana.souza', 'bruno.lima', 'prof.carla', 'mentor.diego', 'tutora.elisa']),
    );
  const person = (username: Username) => {
    const found = people.find((p) => p.username === username);
    if (!found) throw new Error(`demo user ${username} is missing`);
    return found;
  };
  const id = (username: Username) => person(username).id;

  const inserted = await db
    .insert(studyGroups)
    .values(
      groups.map(({ by, daysAgo: days, group }) => ({
        ...group,
        ownerId: id(by),
        searchText: groupSearchText({ summary: '', tags: [], ...group }, person(by).displayName),
        createdAt: daysAgo(now, days),
        updatedAt: daysAgo(now, days),
      })),
    )
    .returning({ id: studyGroups.id });
  const groupId = (key: string) => inserted[groups.findIndex((demo) => demo.key === key)]?.id as string;

  for (const [index, demo] of groups.entries()) {
    const studyGroupId = inserted[index]?.id;
    if (!studyGroupId || demo.members.length === 0) continue;
    const joinedAt = daysAgo(now, Math.max(1, demo.daysAgo - 3));
    const { subscriptionDuration, isPaid, price } = demo.group;
    const expiresAt = isPaid && subscriptionDuration ? addMonths(joinedAt, subscriptionDuration) : null;
    await db.insert(groupMemberships).values(
      demo.members.map((u) => ({
        studyGroupId,
        userId: id(u),
        status: 'active' as const,
        joinedAt,
        expiresAt,
      })),
    );
    if (isPaid) {
      // A paid membership comes from a sandbox payment, approved and applied when they joined.
      await db.insert(groupPayments).values(
        demo.members.map((u) => ({
          studyGroupId,
          userId: id(u),
          provider: 'sandbox' as const,
          method: 'card' as const,
          status: 'approved' as const,
          amount: price ?? 0,
          feeAmount: sandboxFee(price ?? 0, 'card'),
          durationMonths: subscriptionDuration ?? null,
          createdAt: joinedAt,
          approvedAt: joinedAt,
          appliedAt: joinedAt,
        })),
      );
    }
    if (demo.ratings?.length) {
      await db
        .insert(groupRatings)
        .values(
          demo.ratings.map(([u, rating]) => ({ studyGroupId, userId: id(u), rating, updatedAt: joinedAt })),
        );
    }
  }

  await db.insert(posts).values(
    demoGroupPosts.map(({ group, by, hoursAgo, post }) => ({
      ...post,
      authorId: id(by),
      studyGroupId: groupId(group),
      createdAt: new Date(now.getTime() - hoursAgo * 3_600_000),
    })),
  );
}
