import { count } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { users } from './db/schema/index.ts';
import { hashPassword } from './features/auth/passwords.ts';
import { seedDemoForum } from './features/forum/forum.demo.ts';
import { seedDemoGroups } from './features/groups/groups.demo.ts';
import { seedDemoMaterials } from './features/materials/materials.demo.ts';
import { seedDemoPosts } from './features/posts/posts.demo.ts';
import { seedDemoStudy } from './features/study/study.demo.ts';
import { seedDemoProfiles } from './features/users/profiles.demo.ts';
import { seedDemoVideos } from './features/videos/videos.demo.ts';

/** Every demo account signs in with this password (README lists the accounts). */
export const DEMO_PASSWORD = 'Estudai@2025';

export const DEMO_USERS = [
  {
    email: 'ana@estudai.dev',
    username: 'ana.souza',
    displayName: 'Ana Souza',
    userType: 'aluno',
    bio: 'Foco no ENEM 2026: medicina na federal! 📚',
  },
  {
    email: 'bruno@estudai.dev',
    username: 'bruno.lima',
    displayName: 'Bruno Lima',
    userType: 'aluno',
    bio: 'Vestibulando de engenharia. Exatas sem medo.',
  },
  {
    email: 'carla@estudai.dev',
    username: 'prof.carla',
    displayName: 'Carla Mendes',
    userType: 'professor',
    isVerified: true,
    bio: 'Professora de matemática há 12 anos. ENEM e vestibulares.',
  },
  {
    email: 'diego@estudai.dev',
    username: 'mentor.diego',
    displayName: 'Diego Santos',
    userType: 'mentor',
    isVerified: true,
    bio: 'Mentor de concursos públicos e organização de estudos.',
  },
  {
    email: 'elisa@estudai.dev',
    username: 'tutora.elisa',
    displayName: 'Elisa Rocha',
    userType: 'tutor',
    bio: 'Tutora de biologia e química.',
  },
  {
    email: 'admin@estudai.dev',
    username: 'admin',
    displayName: 'Equipe Estudaí',
    userType: 'admin',
    isVerified: true,
    bio: 'Moderação e suporte do Estudaí.',
  },
  {
    email: 'felipe@estudai.dev',
    username: 'felipe.costa',
    displayName: 'Felipe Costa',
    userType: 'aluno',
    emailVerified: false,
    bio: '',
  },
] as const;

/**
 * Loads demo data into an empty database; does nothing once anyone has signed up. With `dataDir`,
 * the demo groups also get PDF materials (files under DATA_DIR/materials).
 */
export async function seedDemoData(db: Db, publicUrl?: string, dataDir?: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.insert(users).values(
    DEMO_USERS.map((user) => ({
      passwordHash,
      emailVerified: true,
      isVerified: false,
      ...user,
    })),
  );
  await seedDemoPosts(db, publicUrl);
  await seedDemoProfiles(db);
  await seedDemoGroups(db, publicUrl);
  await seedDemoVideos(db, publicUrl);
  await seedDemoForum(db);
  await seedDemoStudy(db);
  if (dataDir) await seedDemoMaterials(db, dataDir);
  return true;
}
