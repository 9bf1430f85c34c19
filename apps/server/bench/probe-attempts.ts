// The probe's authorization attempts (`npm run probe`, issue 37): the demo accounts, signed in with
// the README's password, try to read and write what is not theirs. Each attempt names what it tries
// and the refusal it expects; any success (2xx) is a leak. A few controls (the guardian, the member)
// must succeed, so a probe that refuses everything is noticed.

import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { deckCards, decks } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../src/lib/demo-account.ts';
import { rowsOf } from '../src/lib/sql-rows.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { createPost, uploadedMedia } from '../test/factories.ts';

type Reply = Awaited<ReturnType<App['inject']>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The demo accounts the probe signs in as (by username). */
const ACCOUNTS = {
  ana: 'ana.souza',
  bruno: 'bruno.lima',
  carla: 'prof.carla',
  diego: 'mentor.diego',
  elisa: 'tutora.elisa',
  admin: 'admin',
  responsavel: 'marcia.oliveira',
  lucas: 'lucas.oliveira',
} as const;
export type Who = keyof typeof ACCOUNTS;

export interface Probe {
  app: App;
  ids: Record<Who, string>;
  cookies: Map<Who, string>;
  /** One request through the whole pipeline, as `who` (undefined: signed out); counted. */
  call(who: Who | undefined, method: Method, url: string, body?: unknown): Promise<Reply>;
  requests: number;
}

export interface Attempt {
  what: string;
  as: Who | undefined;
  method: Method;
  url: string;
  body?: unknown;
  /** The refusals that are right (any other 4xx is reported, not counted as a leak). */
  expect: number[];
  /** Instead of the status rule: judges the reply (a 200 that must not show something, a control). */
  check?: (res: Reply) => 'ok' | 'leak' | 'unexpected';
}

/** Signs every demo account in through `POST /api/auth/login` with the demo password. */
export async function signIn(app: App): Promise<Probe> {
  const origin = app.ctx.config.publicUrl;
  const probe: Probe = {
    app,
    ids: {} as Record<Who, string>,
    cookies: new Map(),
    requests: 0,
    async call(who, method, url, body) {
      probe.requests++;
      const cookie = who ? probe.cookies.get(who) : undefined;
      return app.inject({
        method,
        url,
        headers: { origin, ...(cookie ? { cookie } : {}) },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
    },
  };
  const rows = await query<{ id: string; username: string; email: string }>(
    app,
    sql`select id, username, email from users`,
  );
  for (const [who, username] of Object.entries(ACCOUNTS) as [Who, string][]) {
    const user = rows.find((row) => row.username === username);
    if (!user) throw new Error(`demo account ${username} missing`);
    probe.ids[who] = user.id;
    const res = await probe.call(undefined, 'POST', '/api/auth/login', {
      email: user.email,
      password: DEMO_PASSWORD,
    });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (res.statusCode !== 200 || !cookie)
      throw new Error(`sign-in of ${username}: ${res.statusCode} ${res.body}`);
    probe.cookies.set(who, `${cookie.name}=${cookie.value}`);
  }
  return probe;
}

async function query<T>(app: App, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await app.ctx.database.db.execute(statement));
}

async function one<T>(app: App, statement: SQL, what: string): Promise<T> {
  const [row] = await query<T>(app, statement);
  if (!row) throw new Error(`the demo data has no ${what}`);
  return row;
}

/** A created thing's id from a 200/201 reply of `{ data: { id } }`. */
function createdId(res: Reply, what: string): string {
  const id = (res.json() as { data?: { id?: string } }).data?.id;
  if (res.statusCode >= 300 || !id)
    throw new Error(`could not create ${what}: ${res.statusCode} ${res.body}`);
  return id;
}

const refused = [403, 404];
const hidden = [404];
const mustSucceed = (res: Reply) => (res.statusCode < 300 ? 'ok' : 'unexpected');

/** Sets up what the attempts aim at (on top of the demo data) and answers the table of attempts. */
export async function prepareAttempts(probe: Probe): Promise<Attempt[]> {
  const { app, ids } = probe;
  const attempts: Attempt[] = [];
  const add = (attempt: Attempt) => attempts.push(attempt);
  const readBy = (who: Who, what: string, urls: string[], expect = hidden) => {
    for (const url of urls) {
      add({ what, as: who, method: 'GET', url, expect });
      add({ what: `${what} (sem sessão)`, as: undefined, method: 'GET', url, expect: [401, 404] });
    }
  };

  // ── A followers-only minor (Lucas, 15) seen by a stranger adult, and by his guardian (control).
  const stranger = (
    await one<{ username: string }>(
      app,
      sql`select u.username from users u where u.username in ('bruno.lima', 'mentor.diego', 'prof.carla')
        and not exists (select 1 from follows f where f.follower_id = u.id and f.following_id = ${ids.lucas})
        order by u.username limit 1`,
      'stranger to Lucas',
    )
  ).username;
  const strangerWho = (Object.entries(ACCOUNTS).find(([, name]) => name === stranger)?.[0] ?? 'bruno') as Who;
  const lucas = `/api/users/${ids.lucas}`;
  readBy(strangerWho, 'menor só-seguidores: partes do perfil por um adulto estranho', [
    `${lucas}/study-stats`,
    `${lucas}/followers`,
    `${lucas}/following`,
    `${lucas}/posts`,
  ]);
  add({
    what: 'menor só-seguidores: o perfil por um estranho não traz estatísticas nem conteúdo',
    as: strangerWho,
    method: 'GET',
    url: lucas,
    expect: [200],
    check: (res) => {
      const data = (res.json() as { data?: Record<string, unknown> }).data;
      if (res.statusCode >= 300) return res.statusCode === 404 ? 'ok' : 'unexpected';
      return data?.study || data?.content ? 'leak' : 'ok';
    },
  });
  for (const url of [`${lucas}/study-stats`, `${lucas}/followers`, `${lucas}/posts`]) {
    add({
      what: 'controle: o responsável vê o filho',
      as: 'responsavel',
      method: 'GET',
      url,
      expect: [200],
      check: mustSucceed,
    });
  }

  // ── Guardian views by someone who is not the guardian.
  const teens = `/api/guardian/teens/${ids.lucas}`;
  for (const who of ['bruno', 'carla', 'lucas'] as Who[]) {
    add({
      what: 'visão do responsável por quem não é',
      as: who,
      method: 'PATCH',
      url: `${teens}/privacy`,
      body: { profileVisibility: 'public' },
      expect: refused,
    });
    add({
      what: 'exportação do filho por quem não é responsável',
      as: who,
      method: 'POST',
      url: `${teens}/export`,
      expect: refused,
    });
    add({
      what: 'desvincular um filho alheio',
      as: who,
      method: 'DELETE',
      url: teens,
      body: { password: DEMO_PASSWORD },
      expect: refused,
    });
    add({
      what: 'lista de filhos de quem não é responsável não mostra Lucas',
      as: who,
      method: 'GET',
      url: '/api/guardian/teens',
      expect: [200, 403, 404],
      check: (res) => (res.statusCode < 300 && res.body.includes(ids.lucas) ? 'leak' : 'ok'),
    });
  }
  const approval = await one<{ id: string }>(
    app,
    sql`select id from guardian_approvals limit 1`,
    'guardian approval',
  );
  add({
    what: 'aprovar pedido de um filho alheio',
    as: 'bruno',
    method: 'POST',
    url: `/api/guardian/approvals/${approval.id}`,
    body: { approve: true },
    expect: refused,
  });
  add({
    what: 'controle: a responsável lista o filho',
    as: 'responsavel',
    method: 'GET',
    url: '/api/guardian/teens',
    expect: [200],
    check: (res) => (res.statusCode === 200 && res.body.includes(ids.lucas) ? 'ok' : 'unexpected'),
  });

  // ── A members-only group read and written by a non-member (posts, files, materials, forum…).
  const group = await one<{ id: string; owner_id: string }>(
    app,
    sql`select g.id, g.owner_id from study_groups g
      where exists (select 1 from group_memberships m where m.study_group_id = g.id and m.user_id = ${ids.bruno} and m.status = 'active')
        and not exists (select 1 from group_memberships m where m.study_group_id = g.id and m.user_id = ${ids.elisa})
        and g.owner_id <> ${ids.elisa}
      order by g.created_at limit 1`,
    'group with Bruno and without Elisa',
  );
  const groupUrl = `/api/study-groups/${group.id}`;
  const groupPost = createdId(
    await probe.call('bruno', 'POST', '/api/posts', {
      type: 'text',
      content: 'Só para a turma: gabarito comentado.',
      studyGroupId: group.id,
    }),
    'group post',
  );
  const photoUrl = await uploadedMedia(app, { id: ids.bruno }, 'post_image');
  await createPost(
    app,
    { id: ids.bruno },
    { type: 'photo', studyGroupId: group.id, mediaUrls: [photoUrl], content: 'Foto da lousa' },
  );
  const photoPath = new URL(photoUrl, app.ctx.config.publicUrl).pathname;
  const materialRes = await query<{ id: string }>(
    app,
    sql`select id from group_materials where study_group_id = ${group.id} limit 1`,
  );
  const groupReads = [
    `${groupUrl}/posts`,
    `${groupUrl}/materials`,
    `${groupUrl}/forum`,
    `${groupUrl}/announcements`,
    `${groupUrl}/members`,
    `${groupUrl}/members.csv`,
    `${groupUrl}/classes`,
    `${groupUrl}/simulados`,
    `${groupUrl}/videos`,
    `${groupUrl}/earnings`,
    `${groupUrl}/invite-links`,
    `/api/posts/${groupPost}`,
    `/api/posts/${groupPost}/comments`,
    photoPath,
    ...materialRes.map((material) => `${groupUrl}/materials/${material.id}/download`),
  ];
  readBy('elisa', 'grupo só para membros por quem não é membro', groupReads, refused);
  add({
    what: 'comentar publicação de grupo sem ser membro',
    as: 'elisa',
    method: 'POST',
    url: `/api/posts/${groupPost}/comments`,
    body: { content: 'Oi!' },
    expect: refused,
  });
  add({
    what: 'curtir publicação de grupo sem ser membro',
    as: 'elisa',
    method: 'POST',
    url: `/api/posts/${groupPost}/like`,
    expect: refused,
  });
  add({
    what: 'publicar no grupo sem ser membro',
    as: 'elisa',
    method: 'POST',
    url: '/api/posts',
    body: { type: 'text', content: 'Entrei?', studyGroupId: group.id },
    expect: [400, 403, 404],
  });
  add({
    what: 'editar grupo alheio',
    as: 'bruno',
    method: 'PATCH',
    url: groupUrl,
    body: { name: 'Meu grupo agora' },
    expect: refused,
  });
  add({
    what: 'aviso em grupo alheio',
    as: 'bruno',
    method: 'POST',
    url: `${groupUrl}/announcements`,
    body: { title: 'Aviso', content: 'Aula cancelada' },
    expect: [400, 403, 404],
  });
  for (const material of materialRes) {
    add({
      what: 'apagar material de grupo alheio',
      as: 'bruno',
      method: 'DELETE',
      url: `${groupUrl}/materials/${material.id}`,
      expect: refused,
    });
  }
  for (const url of [photoPath, `/api/posts/${groupPost}`]) {
    add({
      what: 'controle: um membro vê o grupo',
      as: 'bruno',
      method: 'GET',
      url,
      expect: [200],
      check: mustSucceed,
    });
  }

  // ── A conversation read and written by someone outside it.
  const conversation = await one<{ id: string; user_a: string; user_b: string }>(
    app,
    sql`select id, user_a, user_b from conversations limit 1`,
    'conversation',
  );
  const outsider = (['elisa', 'diego', 'carla', 'bruno', 'ana'] as Who[]).find(
    (who) => ids[who] !== conversation.user_a && ids[who] !== conversation.user_b,
  ) as Who;
  const chat = `/api/chat/conversations/${conversation.id}`;
  readBy(outsider, 'conversa alheia', [`${chat}/messages`]);
  add({
    what: 'escrever em conversa alheia',
    as: outsider,
    method: 'POST',
    url: `${chat}/messages`,
    body: { content: 'Oi' },
    expect: refused,
  });
  add({
    what: 'marcar como lida conversa alheia',
    as: outsider,
    method: 'PUT',
    url: `${chat}/read`,
    expect: refused,
  });

  // ── A blocked pair: Diego blocks Elisa; neither sees the other's parts nor reaches the other.
  const block = await probe.call('diego', 'POST', `/api/users/${ids.elisa}/block`);
  if (block.statusCode >= 300) throw new Error(`block: ${block.statusCode} ${block.body}`);
  for (const [who, other] of [
    ['elisa', 'diego'],
    ['diego', 'elisa'],
  ] as [Who, Who][]) {
    const profile = `/api/users/${ids[other]}`;
    for (const part of ['study-stats', 'followers', 'following', 'posts']) {
      add({
        what: `bloqueio: ${part} do outro`,
        as: who,
        method: 'GET',
        url: `${profile}/${part}`,
        expect: hidden,
      });
    }
    add({ what: 'bloqueio: seguir', as: who, method: 'POST', url: `${profile}/follow`, expect: refused });
    add({
      what: 'bloqueio: pedido de conexão',
      as: who,
      method: 'POST',
      url: `${profile}/connect`,
      expect: refused,
    });
    add({
      what: 'bloqueio: abrir conversa',
      as: who,
      method: 'POST',
      url: '/api/chat/conversations',
      body: { otherUserId: ids[other] },
      expect: refused,
    });
  }

  // ── Essays of others: a draft of Ana and a corrected one of the demo.
  const prompt = await one<{ id: string }>(
    app,
    sql`select id from essay_prompts where group_id is null limit 1`,
    'community prompt',
  );
  const draft = createdId(
    await probe.call('ana', 'POST', '/api/essays', { promptId: prompt.id, text: 'Rascunho da Ana.' }),
    'essay draft',
  );
  const done = await one<{ id: string }>(
    app,
    sql`select id from essays where author_id <> ${ids.bruno} and status <> 'draft' limit 1`,
    'corrected essay of someone else than Bruno',
  );
  readBy('bruno', 'redação alheia', [`/api/essays/${draft}`, `/api/essays/${done.id}`]);
  add({
    what: 'editar rascunho alheio',
    as: 'bruno',
    method: 'PATCH',
    url: `/api/essays/${draft}`,
    body: { text: 'Mudei.' },
    expect: hidden,
  });
  add({
    what: 'enviar rascunho alheio',
    as: 'bruno',
    method: 'POST',
    url: `/api/essays/${draft}/submit`,
    body: { destination: 'community' },
    expect: refused,
  });
  add({
    what: 'controle: a autora lê o rascunho',
    as: 'ana',
    method: 'GET',
    url: `/api/essays/${draft}`,
    expect: [200],
    check: mustSucceed,
  });

  // ── Decks of others: a personal deck of Ana.
  const [deck] = await app.ctx.database.db
    .insert(decks)
    .values({ ownerId: ids.ana, name: 'Baralho da Ana', cardsCount: 1 })
    .returning();
  if (!deck) throw new Error('deck not inserted');
  const [card] = await app.ctx.database.db
    .insert(deckCards)
    .values({ deckId: deck.id, position: 0, front: 'Mitocôndria', back: 'Respiração celular' })
    .returning();
  if (!card) throw new Error('card not inserted');
  readBy('bruno', 'baralho alheio', [`/api/decks/${deck.id}/suggestions`], refused);
  add({
    what: 'apagar baralho alheio',
    as: 'bruno',
    method: 'DELETE',
    url: `/api/decks/${deck.id}`,
    expect: hidden,
  });
  add({
    what: 'compartilhar baralho alheio',
    as: 'bruno',
    method: 'POST',
    url: `/api/decks/${deck.id}/share`,
    body: { groupId: group.id },
    expect: refused,
  });
  add({
    what: 'sugerir em carta de baralho pessoal alheio',
    as: 'bruno',
    method: 'POST',
    url: `/api/cards/${card.id}/suggestions`,
    body: { front: 'a', back: 'b' },
    expect: refused,
  });
  add({
    what: 'a lista de baralhos não traz os alheios',
    as: 'bruno',
    method: 'GET',
    url: '/api/decks',
    expect: [200],
    check: (res) => (res.body.includes(deck.id) ? 'leak' : 'ok'),
  });

  // ── A private study room of Ana.
  const room = createdId(await probe.call('ana', 'POST', '/api/rooms', { name: 'Sala da Ana' }), 'room');
  readBy('bruno', 'sala de estudo privada alheia', [`/api/rooms/${room}`]);
  add({
    what: 'entrar em sala privada sem convite',
    as: 'bruno',
    method: 'POST',
    url: `/api/rooms/${room}/join`,
    body: {},
    expect: refused,
  });
  add({
    what: 'convidar para sala alheia',
    as: 'bruno',
    method: 'POST',
    url: `/api/rooms/${room}/invites`,
    body: { userId: ids.elisa },
    expect: refused,
  });
  add({
    what: 'reagir em sala alheia',
    as: 'bruno',
    method: 'POST',
    url: `/api/rooms/${room}/reactions`,
    body: { reaction: 'bora' },
    expect: refused,
  });

  // ── Resolutions of a question before answering it.
  for (const who of ['diego', 'elisa', 'carla'] as Who[]) {
    const rows = await query<{ post_id: string; question_index: number }>(
      app,
      sql`select qr.post_id, qr.question_index from question_resolutions qr join posts p on p.id = qr.post_id
        where p.author_id <> ${ids[who]} and qr.author_id <> ${ids[who]} and not exists (select 1 from post_answers a
          where a.post_id = qr.post_id and a.question_index = qr.question_index and a.user_id = ${ids[who]})
        limit 2`,
    );
    for (const row of rows) {
      add({
        what: 'resoluções antes de responder',
        as: who,
        method: 'GET',
        url: `/api/posts/${row.post_id}/resolutions?questionIndex=${row.question_index}`,
        expect: refused,
      });
    }
  }
  const resolution = await one<{ id: string; author_id: string }>(
    app,
    sql`select id, author_id from question_resolutions limit 1`,
    'resolution',
  );
  const notAuthor = (['bruno', 'elisa', 'diego'] as Who[]).find(
    (who) => ids[who] !== resolution.author_id,
  ) as Who;
  add({
    what: 'editar resolução alheia',
    as: notAuthor,
    method: 'PATCH',
    url: `/api/resolutions/${resolution.id}`,
    body: { content: 'Trocada.' },
    expect: refused,
  });
  add({
    what: 'apagar resolução alheia',
    as: notAuthor,
    method: 'DELETE',
    url: `/api/resolutions/${resolution.id}`,
    expect: refused,
  });

  // ── Admin routes by people who are not admins.
  for (const who of ['bruno', 'carla', 'lucas'] as Who[]) {
    for (const url of [
      '/api/admin/images',
      '/api/admin/moderation-actions',
      '/api/admin/moderation/queue',
      '/api/admin/reports',
      '/api/admin/waitlist.csv',
    ]) {
      add({ what: 'rota de administração', as: who, method: 'GET', url, expect: [403, 404] });
    }
    add({
      what: 'decidir denúncia',
      as: who,
      method: 'POST',
      url: `/api/admin/reports/${randomUUID()}/resolve`,
      body: { action: 'dismiss' },
      expect: [403, 404],
    });
    add({
      what: 'decidir recurso',
      as: who,
      method: 'POST',
      url: `/api/admin/appeals/${randomUUID()}/decide`,
      body: { uphold: true },
      expect: [403, 404],
    });
    add({
      what: 'suspender pessoa',
      as: who,
      method: 'POST',
      url: `/api/admin/moderation/users/${ids.ana}/resolve-reports`,
      body: { action: 'suspend' },
      expect: [403, 404],
    });
    add({
      what: 'decidir imagem',
      as: who,
      method: 'POST',
      url: `/api/admin/images/${encodeURIComponent(photoPath)}/decide`,
      body: { sensitivity: 'ok' },
      expect: [403, 404],
    });
  }
  add({
    what: 'controle: o admin lê a fila',
    as: 'admin',
    method: 'GET',
    url: '/api/admin/moderation/queue',
    expect: [200],
    check: mustSucceed,
  });

  // ── Others' posts, comments, notebook and data export.
  const post = await one<{ id: string }>(
    app,
    sql`select id from posts where author_id = ${ids.ana} and study_group_id is null limit 1`,
    "Ana's post",
  );
  add({
    what: 'editar publicação alheia',
    as: 'bruno',
    method: 'PATCH',
    url: `/api/posts/${post.id}`,
    body: { content: 'Editada por outro.' },
    expect: [400, 403, 404],
  });
  add({
    what: 'apagar publicação alheia',
    as: 'bruno',
    method: 'DELETE',
    url: `/api/posts/${post.id}`,
    expect: refused,
  });
  const comment = await query<{ id: string; author_id: string }>(
    app,
    sql`select id, author_id from comments limit 1`,
  );
  for (const row of comment) {
    const who = (['elisa', 'diego', 'bruno'] as Who[]).find((w) => ids[w] !== row.author_id) as Who;
    add({
      what: 'editar comentário alheio',
      as: who,
      method: 'PATCH',
      url: `/api/comments/${row.id}`,
      body: { content: 'Mudei.' },
      expect: refused,
    });
    add({
      what: 'apagar comentário alheio',
      as: who,
      method: 'DELETE',
      url: `/api/comments/${row.id}`,
      expect: refused,
    });
  }
  const entry = await query<{ id: string; user_id: string }>(
    app,
    sql`select id, user_id from notebook_entries limit 1`,
  );
  for (const row of entry) {
    const who = (['elisa', 'diego', 'bruno'] as Who[]).find((w) => ids[w] !== row.user_id) as Who;
    add({
      what: 'anotar no caderno alheio',
      as: who,
      method: 'PATCH',
      url: `/api/notebook/${row.id}`,
      body: { note: 'Mudei.' },
      expect: hidden,
    });
    add({
      what: 'apagar do caderno alheio',
      as: who,
      method: 'DELETE',
      url: `/api/notebook/${row.id}`,
      expect: hidden,
    });
  }
  const exportId = createdId(await probe.call('ana', 'POST', '/api/me/export'), 'data export');
  readBy('bruno', "'Meus dados' de outra pessoa", [
    `/api/me/export/${exportId}`,
    `/api/me/export/${exportId}/download`,
  ]);
  return attempts;
}
