import { count } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { users } from './db/schema/index.ts';
import { seedEssayDemo } from './features/essays/index.ts';
import { seedDemoForum } from './features/forum/index.ts';
import { seedDemoGroups } from './features/groups/index.ts';
import { seedDemoGuardians } from './features/guardians/index.ts';
import { seedDemoMaterials } from './features/materials/index.ts';
import { seedDemoPosts } from './features/posts/index.ts';
import { seedDemoPractice } from './features/practice/index.ts';
import { seedDemoRooms } from './features/rooms/index.ts';
import { seedDemoQuestionReports, seedDemoStudy } from './features/study/index.ts';
import { seedDemoProfiles } from './features/users/index.ts';
import { seedDemoVideos } from './features/videos/index.ts';
import { DEMO_ACCOUNT_EMAIL, DEMO_PASSWORD } from './lib/demo-account.ts';
import { hashPassword } from './lib/passwords.ts';
import type { ObjectStore } from './plugins/storage.ts';

/** 'YYYY-MM-DD' of someone `years` old whose birthday was `daysAgo` days ago. */
function birthDateAged(years: number, daysAgo: number, now: Date): string {
  const date = new Date(now.getTime() - daysAgo * 86_400_000);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

const DEMO_USERS = [
  {
    email: DEMO_ACCOUNT_EMAIL,
    username: 'ana.souza',
    displayName: 'Ana Souza',
    userType: 'aluno',
    bio: 'Foco no ENEM 2026: medicina na federal! 📚',
    birthDate: '2006-03-14',
    studyGoal: 'enem',
    studySubjects: ['biologia', 'quimica'],
  },
  {
    email: 'bruno@estudai.dev',
    username: 'bruno.lima',
    displayName: 'Bruno Lima',
    userType: 'aluno',
    bio: 'Vestibulando de engenharia. Exatas sem medo.',
    birthDate: '2005-08-02',
    studyGoal: 'vestibular',
    studySubjects: ['matematica', 'fisica'],
  },
  {
    email: 'carla@estudai.dev',
    username: 'prof.carla',
    displayName: 'Carla Mendes',
    userType: 'professor',
    isVerified: true,
    bio: 'Professora de matemática há 12 anos. ENEM e vestibulares.',
    birthDate: '1986-11-21',
    studyGoal: 'enem',
    studySubjects: ['matematica'],
  },
  {
    email: 'diego@estudai.dev',
    username: 'mentor.diego',
    displayName: 'Diego Santos',
    userType: 'mentor',
    isVerified: true,
    bio: 'Mentor de concursos públicos e organização de estudos.',
    birthDate: '1990-05-09',
    studyGoal: 'concurso',
    studySubjects: ['portugues', 'raciocinio_logico'],
  },
  {
    email: 'elisa@estudai.dev',
    username: 'tutora.elisa',
    displayName: 'Elisa Rocha',
    userType: 'tutor',
    bio: 'Tutora de biologia e química.',
    birthDate: '1998-01-27',
    studyGoal: 'enem',
    studySubjects: ['biologia', 'quimica'],
  },
  {
    email: 'admin@estudai.dev',
    username: 'admin',
    displayName: 'Equipe Estudaí',
    userType: 'admin',
    isVerified: true,
    bio: 'Moderação e suporte do Estudaí.',
    birthDate: '1992-07-15',
    studyGoal: 'enem',
    studySubjects: ['matematica'],
  },
  {
    email: 'felipe@estudai.dev',
    username: 'felipe.costa',
    displayName: 'Felipe Costa',
    userType: 'aluno',
    emailVerified: false,
    bio: '',
    birthDate: '2004-10-30',
    studyGoal: 'enem',
    studySubjects: ['historia'],
  },
  {
    email: 'responsavel@estudai.dev',
    username: 'marcia.oliveira',
    displayName: 'Márcia Oliveira',
    // A guardian's own account type (issue 36): no feed set-up, no study plan, no study figures.
    userType: 'responsavel',
    bio: 'Mãe do Lucas. Acompanho os estudos dele por aqui.',
    birthDate: '1981-04-03',
    studyGoal: null,
    studySubjects: [],
  },
  // Issue 43: a second moderator, so an appeal goes to someone other than the one who acted.
  {
    email: 'moderacao@estudai.dev',
    username: 'moderacao.bia',
    displayName: 'Bia Moderação',
    userType: 'admin',
    isVerified: true,
    bio: 'Moderação do Estudaí: denúncias e recursos.',
    birthDate: '1990-03-12',
    studyGoal: 'enem',
    studySubjects: ['portugues'],
  },
] as const;

/** A 15-year-old student linked to his guardian (guardians.demo.ts): his birth date moves with the clock. */
const DEMO_TEEN = {
  email: 'lucas@estudai.dev',
  username: 'lucas.oliveira',
  displayName: 'Lucas Oliveira',
  userType: 'aluno',
  bio: '1º ano do ensino médio. Curto matemática e games.',
  profileVisibility: 'followers',
} as const;

/**
 * Loads demo data into an empty database; does nothing once anyone has signed up. With `storage`,
 * the demo groups also get PDF materials (files in the object store).
 */
export async function seedDemoData(
  db: Db,
  publicUrl?: string,
  storage?: ObjectStore,
  password: string = DEMO_PASSWORD,
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(password);
  const now = new Date();
  await db.insert(users).values(
    [...DEMO_USERS, { ...DEMO_TEEN, birthDate: birthDateAged(15, 100, now) }].map((user) => ({
      passwordHash,
      emailVerified: true,
      isVerified: false,
      ...user,
      // Each demo account has made the first-run choice already (issue 21); the teen has not.
      studySubjects: 'studySubjects' in user ? [...user.studySubjects] : [],
    })),
  );
  await seedDemoPosts(db, now, publicUrl);
  await seedDemoProfiles(db, now);
  await seedDemoGroups(db, now, publicUrl);
  await seedDemoVideos(db, now, publicUrl);
  await seedDemoForum(db, now);
  await seedDemoStudy(db, now);
  await seedDemoPractice(db, now);
  await seedDemoRooms(db, now);
  await seedDemoQuestionReports(db, now);
  await seedDemoGuardians(db, now);
  await seedEssayDemo(db, now);
  if (storage) await seedDemoMaterials(db, storage);
  return true;
}
