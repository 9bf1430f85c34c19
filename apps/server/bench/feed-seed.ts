// The feed benches' rows, made by the database itself (generate_series): users, then posts of every type.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';

const BENCH_USERS = 10_000;

/** The id `seedUsers` gives user number `n`: md5('bench-user-n') read as a UUID. */
export function benchUserId(n: number): string {
  const hex = createHash('md5').update(`bench-user-${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function seedUsers(database: Database, users = BENCH_USERS) {
  await database.db.execute(sql`
    insert into users (id, email, username, display_name, user_type, email_verified)
    select md5('bench-user-' || i)::uuid, 'bench' || i || '@bench.estudai.dev', 'bench_' || i,
           'Estudante ' || i, 'aluno', true
    from generate_series(1, ${users}::int) as i`);
}

/** Posts `from..to` (1-based), one second apart, newer as i grows; all six types. */
export async function seedPosts(database: Database, from: number, to: number, users = BENCH_USERS) {
  await database.db.execute(sql`
    insert into posts (author_id, type, content, media_urls, question_data, poll_data, poll_vote_counts,
                       question_set_data, likes_count, comments_count, created_at)
    select md5('bench-user-' || (1 + i % ${users}::int))::uuid,
      (array['text','text','text','question','poll','photo','question_set','attachment'])[1 + i % 8],
      'Post de estudo #' || i || ': revisão de ENEM com $x^2$ e $$\\frac{a}{b}$$',
      case when i % 8 in (5, 7) then array['https://exemplo.com.br/' || i || '.png'] else '{}'::text[] end,
      case when i % 8 = 3 then jsonb_build_object('question', 'Quanto é ' || i || ' + 1?',
        'options', jsonb_build_array('a', 'b', 'c', 'd'), 'correctAnswer', i % 4) end,
      case when i % 8 = 4 then jsonb_build_object('question', 'Qual matéria?',
        'options', jsonb_build_array('Matemática', 'Física', 'Biologia'), 'expiresAt', null) end,
      case when i % 8 = 4 then array[i % 7, i % 5, i % 3] end,
      case when i % 8 = 6 then jsonb_build_object('title', 'Quiz ' || i, 'questions', jsonb_build_array(
        jsonb_build_object('question', 'Q1', 'options', jsonb_build_array('a', 'b', 'c', 'd'), 'correctAnswer', 0))) end,
      i % 13, i % 5,
      timestamptz '2025-01-01 00:00:00+00' + i * interval '1 second'
    from generate_series(${from}::int, ${to}::int) as i`);
}
