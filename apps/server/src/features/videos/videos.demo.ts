import type { GroupCategory, VideoCategory } from '@estudai/contract';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groupVideos, type StoredVideoLink, studyGroups, users } from '../../db/schema/index.ts';
import { foldForSearch } from '../../lib/search-text.ts';

/** Owners of the demo groups (db/seed.ts DEMO_USERS). */
const DEMO_OWNERS = ['prof.carla', 'mentor.diego', 'tutora.elisa', 'admin'];

interface DemoVideo {
  /** Goes to the first demo group of one of these categories, else to the groups in turn. */
  prefer: GroupCategory[];
  title: string;
  description: string;
  category: VideoCategory;
  videoUrl: string;
  duration: number;
  views: number;
  hoursAgo: number;
  links?: StoredVideoLink[];
  isVisible?: boolean;
}

// Links in the shape of real YouTube and Vimeo links; the players only load them in a browser.
// Thumbnails are files the app serves itself (apps/web/public/demo/videos): no third-party requests.
const DEMO_VIDEOS: DemoVideo[] = [
  {
    prefer: ['matematica'],
    title: 'Função do 1º grau do zero',
    description: 'Coeficiente angular, linear, raiz e gráfico, com questões recentes do ENEM.',
    category: 'aula',
    videoUrl: 'https://www.youtube.com/watch?v=Qx7bN0sLqWk',
    duration: 1_843,
    views: 1_284,
    hoursAgo: 200,
    links: [
      {
        title: 'Lista de exercícios (PDF)',
        url: 'https://estudai.dev/demo/formulario-enem.pdf',
        type: 'download',
      },
    ],
  },
  {
    prefer: ['matematica'],
    title: 'Porcentagem: 10 exercícios resolvidos',
    description: 'Aumentos e descontos sucessivos, juros simples e compostos, passo a passo.',
    category: 'exercicios',
    videoUrl: 'https://youtu.be/Hd3kP9vRm2E',
    duration: 2_475,
    views: 856,
    hoursAgo: 150,
  },
  {
    prefer: ['matematica'],
    title: 'Revisão de geometria plana para o ENEM',
    description: 'Áreas, semelhança de triângulos e teorema de Pitágoras em uma revisão rápida.',
    category: 'revisao',
    videoUrl: 'https://www.youtube.com/watch?v=Lm4tZc8Yw1A',
    duration: 3_912,
    views: 15_320,
    hoursAgo: 30,
  },
  {
    prefer: ['fisica'],
    title: 'Cinemática: movimento uniformemente variado',
    description: 'Equações horárias, Torricelli e leitura de gráficos v × t.',
    category: 'aula',
    videoUrl: 'https://www.youtube.com/watch?v=Fs2pR7nK4dQ',
    duration: 1_520,
    views: 642,
    hoursAgo: 120,
    links: [{ title: 'Simulador de movimento', url: 'https://phet.colorado.edu/pt_BR/', type: 'link' }],
  },
  {
    prefer: ['fisica', 'quimica'],
    title: 'Dicas para não errar unidades de medida',
    description: 'Conversões de unidades e análise dimensional que salvam questões inteiras.',
    category: 'dicas',
    videoUrl: 'https://vimeo.com/76979871',
    duration: 512,
    views: 97,
    hoursAgo: 60,
  },
  {
    prefer: ['biologia'],
    title: 'Citologia: organelas e suas funções',
    description: 'Mitocôndria, ribossomos, complexo golgiense e lisossomos sem decoreba.',
    category: 'aula',
    videoUrl: 'https://www.youtube.com/watch?v=Bc9wT3eXn5M',
    duration: 2_210,
    views: 2_048,
    hoursAgo: 96,
  },
  {
    prefer: ['biologia', 'quimica'],
    title: 'Revisão de genética: leis de Mendel',
    description: 'Cruzamentos, probabilidade e heredogramas em 20 minutos.',
    category: 'revisao',
    videoUrl: 'https://youtu.be/Gn6mV2cKq8T',
    duration: 1_205,
    views: 431,
    hoursAgo: 12,
    links: [
      {
        title: 'Mapa mental de genética',
        url: 'https://estudai.dev/demo/mapa-mental-genetica.webp',
        type: 'download',
      },
      { title: 'Banco de questões', url: 'https://exemplo.com.br/questoes-genetica', type: 'link' },
    ],
  },
  {
    prefer: ['portugues', 'historia'],
    title: 'Redação nota 1000: como montar a proposta de intervenção',
    description: 'Agente, ação, meio, finalidade e detalhamento, com exemplos comentados.',
    category: 'dicas',
    videoUrl: 'https://www.youtube.com/watch?v=Rd1nZ4pLx0C',
    duration: 958,
    views: 3_760,
    hoursAgo: 6,
  },
  {
    prefer: ['historia', 'geografia', 'portugues'],
    title: 'Exercícios de Brasil República',
    description: 'Era Vargas, ditadura militar e redemocratização em questões comentadas.',
    category: 'exercicios',
    videoUrl: 'https://www.youtube.com/watch?v=Hr5tY8uWq3B',
    duration: 2_890,
    views: 318,
    hoursAgo: 48,
  },
  {
    prefer: ['matematica'],
    title: 'Rascunho: logaritmos (em edição)',
    description: 'Ainda sendo editado: só o dono do grupo vê este vídeo.',
    category: 'aula',
    videoUrl: 'https://www.youtube.com/watch?v=Lg2aR9mKs7D',
    duration: 0,
    views: 0,
    hoursAgo: 1,
    isVisible: false,
  },
];

/**
 * Adds the demo videos to the demo groups (those owned by the demo teachers), in several groups and
 * every category. Does nothing when there are no such groups or when videos already exist.
 */
export async function seedDemoVideos(db: Db, now: Date, publicUrl = 'http://localhost:3000'): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(groupVideos);
  if ((existing?.n ?? 0) > 0) return;
  const groups = await db
    .select({ id: studyGroups.id, ownerId: studyGroups.ownerId, category: studyGroups.category })
    .from(studyGroups)
    .innerJoin(users, eq(users.id, studyGroups.ownerId))
    .where(inArray(users.username, DEMO_OWNERS))
    .orderBy(asc(studyGroups.createdAt), asc(studyGroups.id));
  if (groups.length === 0) return;

  const demoFile = (url: string) => url.replace('https://estudai.dev', publicUrl);
  await db.insert(groupVideos).values(
    DEMO_VIDEOS.map((video, index) => {
      const group =
        groups.find((candidate) => video.prefer.includes(candidate.category)) ??
        (groups[index % groups.length] as (typeof groups)[number]);
      return {
        studyGroupId: group.id,
        uploadedBy: group.ownerId,
        title: video.title,
        description: video.description,
        category: video.category,
        videoUrl: video.videoUrl,
        thumbnail: `${publicUrl}/demo/videos/${video.category}.svg`,
        duration: video.duration,
        views: video.views,
        isVisible: video.isVisible ?? true,
        links: (video.links ?? []).map((link) => ({ ...link, url: demoFile(link.url) })),
        searchText: foldForSearch(video.title, video.description),
        createdAt: new Date(now.getTime() - video.hoursAgo * 3_600_000),
      };
    }),
  );
}
