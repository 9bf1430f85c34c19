import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  commentLikes,
  comments,
  pollVotes,
  postAnswers,
  postLikes,
  postSaves,
  posts,
  quizAttempts,
  type StoredQuestion,
  users,
} from '../../db/schema/index.ts';
import { scoreQuiz } from './posts.present.ts';

type Username = 'ana.souza' | 'bruno.lima' | 'prof.carla' | 'mentor.diego' | 'tutora.elisa' | 'admin';
type PostInsert = Omit<typeof posts.$inferInsert, 'authorId' | 'createdAt'>;

interface DemoPost {
  key: string;
  by: Username;
  minutesAgo: number;
  post: PostInsert;
}

const bhaskara: StoredQuestion = {
  question: 'As raízes de $x^2 - 5x + 6 = 0$ são:',
  options: ['$1$ e $6$', '$2$ e $3$', '$-2$ e $-3$', '$5$ e $6$'],
  correctAnswer: 1,
  explanation:
    'Soma $= 5$ e produto $= 6$: as raízes são $2$ e $3$. Pela fórmula: $$x = \\frac{5 \\pm 1}{2}$$',
};

const kinematics: StoredQuestion = {
  question: 'Um carro parte do repouso com aceleração de $2\\,m/s^2$. Qual a velocidade após $5\\,s$?',
  options: ['$5\\,m/s$', '$7\\,m/s$', '$10\\,m/s$', '$25\\,m/s$'],
  correctAnswer: 2,
  explanation: '$v = v_0 + a t = 0 + 2 \\cdot 5 = 10\\,m/s$.',
};

const cellQuiz: StoredQuestion[] = [
  {
    question: 'Qual organela realiza a respiração celular?',
    options: ['Ribossomo', 'Mitocôndria', 'Complexo golgiense', 'Lisossomo'],
    correctAnswer: 1,
    explanation: 'A mitocôndria produz ATP na respiração aeróbica.',
  },
  {
    question: 'A fotossíntese acontece no(a):',
    options: ['Cloroplasto', 'Núcleo', 'Retículo endoplasmático liso', 'Centríolo'],
    correctAnswer: 0,
  },
  {
    question: 'Células procariontes não têm:',
    options: ['Ribossomos', 'Membrana plasmática', 'Núcleo organizado (carioteca)', 'Material genético'],
    correctAnswer: 2,
    explanation: 'Bactérias têm DNA disperso no citoplasma (nucleoide).',
  },
];

/** Demo media are files the app serves itself (apps/web/public/demo): no third-party requests. */
const demoPosts = (publicUrl: string, now: number): DemoPost[] => [
  {
    key: 'welcome',
    by: 'admin',
    minutesAgo: 60 * 50,
    post: {
      type: 'text',
      content:
        'Bem-vindos ao Estudaí! 🎉 Aqui você pode postar dúvidas, questões, enquetes e quizzes. Respeito e bons estudos!',
    },
  },
  {
    key: 'frac',
    by: 'prof.carla',
    minutesAgo: 60 * 30,
    post: {
      type: 'text',
      content:
        'Dica de ENEM: para somar frações, iguale os denominadores. $$\\frac{a}{b} + \\frac{c}{d} = \\frac{ad + bc}{bd}$$ E lembre: $x^2$ nunca é negativo para $x$ real! #ENEM #Matemática',
    },
  },
  {
    key: 'bhaskara',
    by: 'prof.carla',
    minutesAgo: 60 * 20,
    post: {
      type: 'question',
      content: 'Questão estilo ENEM de equação do 2º grau 👇',
      questionData: bhaskara,
    },
  },
  {
    key: 'subject-poll',
    by: 'mentor.diego',
    minutesAgo: 60 * 18,
    post: {
      type: 'poll',
      content: 'Quero montar lives de revisão no mês que vem.',
      pollData: {
        question: 'Qual área você mais quer revisar para o ENEM?',
        options: ['Matemática', 'Ciências da Natureza', 'Linguagens', 'Ciências Humanas', 'Redação'],
        expiresAt: null,
      },
    },
  },
  {
    key: 'kinematics',
    by: 'bruno.lima',
    minutesAgo: 60 * 9,
    post: { type: 'question', content: 'Caiu no simulado de física de hoje:', questionData: kinematics },
  },
  {
    key: 'cell-quiz',
    by: 'tutora.elisa',
    minutesAgo: 60 * 7,
    post: {
      type: 'question_set',
      content: 'Quiz rápido de citologia para aquecer antes da prova de biologia 🧬',
      questionSetData: { title: 'Citologia em 3 perguntas', questions: cellQuiz },
    },
  },
  {
    key: 'redacao',
    by: 'mentor.diego',
    minutesAgo: 60 * 5,
    post: {
      type: 'text',
      content:
        'Redação nota 1000 tem estrutura: introdução com repertório, dois parágrafos de desenvolvimento e conclusão com proposta de intervenção completa (agente, ação, meio, finalidade e detalhamento). Treinem a competência 5! #Redação #ENEM',
    },
  },
  {
    key: 'mind-map',
    by: 'ana.souza',
    minutesAgo: 60 * 3,
    post: {
      type: 'photo',
      content: 'Meu mapa mental de genética mendeliana. Ficou grande, mas ajudou demais 😅 #Biologia #ENEM',
      mediaUrls: [`${publicUrl}/demo/mapa-mental-genetica.webp`],
    },
  },
  {
    key: 'schedule-poll',
    by: 'ana.souza',
    minutesAgo: 95,
    post: {
      type: 'poll',
      pollData: {
        question: 'Em que horário vocês rendem mais estudando?',
        options: ['Manhã', 'Tarde', 'Noite', 'Madrugada'],
        expiresAt: new Date(now + 3 * 86_400_000).toISOString(),
      },
    },
  },
  {
    key: 'formulas',
    by: 'prof.carla',
    minutesAgo: 40,
    post: {
      type: 'attachment',
      content: 'Formulário de matemática e física para imprimir (PDF).',
      mediaUrls: [`${publicUrl}/demo/formulario-enem.pdf`],
    },
  },
  {
    key: 'zero-exponent',
    by: 'bruno.lima',
    minutesAgo: 12,
    post: {
      type: 'text',
      content:
        'Alguém explica por que $a^0 = 1$? Pensei em $a^n / a^n = a^{n-n}$, mas e quando $a = 0$? Caiu algo assim no simulado de ontem 🤔',
    },
  },
];

/** Loads a lively demo feed by the demo users: every post type, likes, comments, votes and answers. */
export async function seedDemoPosts(db: Db, at: Date, publicUrl = 'http://localhost:3000'): Promise<void> {
  const now = at.getTime();
  const DEMO_POSTS = demoPosts(publicUrl, now);
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(users.username, [
        'ana.souza',
        'bruno.lima',
        'prof.carla',
        'mentor.diego',
        'tutora.elisa',
        'admin',
      ]),
    );
  const id = (username: Username) => {
    const person = people.find((p) => p.username === username);
    if (!person) throw new Error(`demo user ${username} is missing`);
    return person.id;
  };
  const inserted = await db
    .insert(posts)
    .values(
      DEMO_POSTS.map(({ by, minutesAgo, post }) => ({
        ...post,
        authorId: id(by),
        createdAt: new Date(now - minutesAgo * 60_000),
        pollVoteCounts: post.pollData ? post.pollData.options.map(() => 0) : null,
      })),
    )
    .returning({ id: posts.id });
  const postId = (key: string) => inserted[DEMO_POSTS.findIndex((p) => p.key === key)]?.id as string;

  const likes: [string, Username[]][] = [
    ['welcome', ['ana.souza', 'bruno.lima', 'prof.carla', 'mentor.diego', 'tutora.elisa']],
    ['frac', ['ana.souza', 'bruno.lima', 'tutora.elisa']],
    ['bhaskara', ['ana.souza', 'mentor.diego']],
    ['redacao', ['ana.souza', 'bruno.lima', 'prof.carla']],
    ['mind-map', ['tutora.elisa', 'prof.carla', 'bruno.lima', 'mentor.diego']],
    ['cell-quiz', ['ana.souza']],
  ];
  await db
    .insert(postLikes)
    .values(likes.flatMap(([key, who]) => who.map((u) => ({ postId: postId(key), userId: id(u) }))));
  await db.insert(postSaves).values([
    { postId: postId('frac'), userId: id('ana.souza') },
    { postId: postId('redacao'), userId: id('ana.souza') },
    { postId: postId('formulas'), userId: id('bruno.lima') },
  ]);

  const answers: [string, Username, number][] = [
    ['bhaskara', 'ana.souza', 1],
    ['bhaskara', 'bruno.lima', 0],
    ['kinematics', 'ana.souza', 2],
    ['kinematics', 'tutora.elisa', 2],
  ];
  await db.insert(postAnswers).values(
    answers.map(([key, u, optionIndex]) => ({
      postId: postId(key),
      userId: id(u),
      optionIndex,
      isCorrect: optionIndex === (key === 'bhaskara' ? bhaskara : kinematics).correctAnswer,
    })),
  );
  const votes: [string, Username, number][] = [
    ['subject-poll', 'ana.souza', 0],
    ['subject-poll', 'bruno.lima', 0],
    ['subject-poll', 'tutora.elisa', 1],
    ['subject-poll', 'prof.carla', 4],
    ['schedule-poll', 'bruno.lima', 2],
    ['schedule-poll', 'mentor.diego', 0],
  ];
  await db
    .insert(pollVotes)
    .values(votes.map(([key, u, optionIndex]) => ({ postId: postId(key), userId: id(u), optionIndex })));
  const quizAnswers = [1, 0, 1];
  const { score, total } = scoreQuiz(cellQuiz, quizAnswers);
  await db
    .insert(quizAttempts)
    .values({ postId: postId('cell-quiz'), userId: id('bruno.lima'), answers: quizAnswers, score, total });

  const [doubt] = await db
    .insert(comments)
    .values({
      postId: postId('frac'),
      authorId: id('bruno.lima'),
      content: 'Professora, e quando os denominadores já são iguais, tipo $\\frac{1}{5} + \\frac{2}{5}$?',
      createdAt: new Date(now - 60 * 28 * 60_000),
    })
    .returning({ id: comments.id });
  const [thanks] = await db
    .insert(comments)
    .values([
      {
        postId: postId('redacao'),
        authorId: id('ana.souza'),
        content: 'Salvei! A proposta de intervenção sempre me derruba 😬',
        createdAt: new Date(now - 60 * 4 * 60_000),
      },
      {
        postId: postId('kinematics'),
        authorId: id('tutora.elisa'),
        content: 'Boa! Lembrem de conferir as unidades antes de substituir na fórmula.',
        createdAt: new Date(now - 60 * 8 * 60_000),
      },
    ])
    .returning({ id: comments.id });
  if (!doubt || !thanks) throw new Error('demo comments were not inserted');
  await db.insert(comments).values([
    {
      postId: postId('frac'),
      parentId: doubt.id,
      authorId: id('prof.carla'),
      content: 'Aí é só somar os numeradores: $\\frac{1}{5} + \\frac{2}{5} = \\frac{3}{5}$ 😉',
      createdAt: new Date(now - 60 * 27 * 60_000),
    },
    {
      postId: postId('frac'),
      parentId: doubt.id,
      authorId: id('bruno.lima'),
      content: 'Valeu, prof!',
      createdAt: new Date(now - 60 * 26 * 60_000),
    },
    {
      postId: postId('redacao'),
      parentId: thanks.id,
      authorId: id('mentor.diego'),
      content: 'Treina com temas antigos do ENEM e confere os 5 elementos em cada conclusão.',
      createdAt: new Date(now - 60 * 3 * 60_000),
    },
  ]);
  await db.insert(commentLikes).values([
    { commentId: doubt.id, userId: id('ana.souza') },
    { commentId: thanks.id, userId: id('mentor.diego') },
  ]);

  // Counters from the rows just written, so the demo starts exact.
  const ids = inserted.map((row) => row.id);
  await db.execute(sql`
    update ${posts} p set
      likes_count = (select count(*) from ${postLikes} l where l.post_id = p.id),
      comments_count = (select count(*) from ${comments} c where c.post_id = p.id),
      poll_vote_counts = case when p.poll_data is null then null else array(
        select (select count(*) from ${pollVotes} v where v.post_id = p.id and v.option_index = o.i - 1)::int
        from generate_series(1, jsonb_array_length(p.poll_data -> 'options')) as o(i) order by o.i
      ) end
    where p.id in ${ids}`);
  await db.execute(
    sql`update ${comments} c set likes_count = (select count(*) from ${commentLikes} l where l.comment_id = c.id) where c.post_id in ${ids}`,
  );
}
