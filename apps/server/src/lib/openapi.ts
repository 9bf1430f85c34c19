/**
 * The OpenAPI document's sections (/api/docs), one per server feature: a folder of features/, plus
 * the three that have a routes file of their own inside one (comments in posts/, push in
 * notifications/, moderation in reports/). 'guardian' is features/guardians/. Listed here in the
 * order the explorer shows them.
 */
export const API_TAGS = [
  { name: 'health', description: 'Saúde do serviço: se o processo e o banco de dados respondem.' },
  {
    name: 'auth',
    description:
      'Cadastro, entrada e saída, sessão atual, confirmação de e-mail, troca de senha e entrada com Google.',
  },
  { name: 'users', description: 'Perfis, edição do próprio perfil, seguidores e quem a pessoa segue.' },
  {
    name: 'posts',
    description:
      'Feed, publicações, curtidas, publicações salvas e respostas a perguntas, enquetes e quizzes.',
  },
  { name: 'comments', description: 'Comentários das publicações e suas curtidas.' },
  {
    name: 'groups',
    description:
      'Grupos de estudo: criação, listas, participação, convites, avaliações e publicações do grupo.',
  },
  {
    name: 'teaching',
    description:
      'Ferramentas do professor nos grupos: membros, professores convidados, avisos, aulas ao vivo, links de convite com cupom e receitas.',
  },
  { name: 'forum', description: 'Fórum dos grupos: tópicos, comentários, curtidas e tópicos fixados.' },
  {
    name: 'decks',
    description:
      'Cartões: baralhos importados do Anki, compartilhados com grupos e sugestões de edição; o caderno exportado para Anki e CSV.',
  },
  { name: 'materials', description: 'Materiais em PDF dos grupos: envio, download, edição e remoção.' },
  {
    name: 'media',
    description:
      'Envio de fotos e PDFs do aparelho para publicações e capas de grupo (imagens regravadas em WebP).',
  },
  { name: 'payments', description: 'Pagamento dos grupos pagos e o provedor de pagamento em uso.' },
  { name: 'videos', description: 'Videoteca e vídeos dos grupos de estudo.' },
  { name: 'chat', description: 'Conversas privadas entre seguidores mútuos e suas mensagens.' },
  {
    name: 'notifications',
    description: 'Notificações, pedidos de conexão e recomendações de quem seguir.',
  },
  {
    name: 'push',
    description: 'Notificações push do navegador: a chave pública e as inscrições de cada aparelho.',
  },
  {
    name: 'hidden-words',
    description:
      "'Palavras ocultas': palavras e frases cujos comentários e mensagens ficam dobrados para quem as escolheu (com a lista padrão dos menores).",
  },
  { name: 'reports', description: 'Denúncias de usuários e o limite diário de denúncias de cada pessoa.' },
  {
    name: 'moderation',
    description: 'Moderação, só para administradores: a fila de denúncias e as ações tomadas.',
  },
  {
    name: 'guardian',
    description:
      'Responsáveis por estudantes menores de idade (ECA Digital): convite e vínculo, painel do responsável, autorização de grupos pagos e privacidade do estudante.',
  },
  {
    name: 'privacy',
    description:
      'Privacidade e "Meus dados" (LGPD): data de nascimento, configurações de privacidade, cópia dos dados e exclusão da conta.',
  },
  {
    name: 'study',
    description:
      'Estudo: sessões do cronômetro, estatísticas, banco de questões, caderno de erros e revisão espaçada.',
  },
  {
    name: 'rooms',
    description:
      'Salas de estudo: salas públicas, de grupo e privadas, presença, pomodoro compartilhado, reações, blocos de foco com horas verificadas, ofensivas em dupla e liga da semana.',
  },
  {
    name: 'practice',
    description:
      'Treino adaptativo, mapa de domínio e resoluções das questões do banco (votos, melhor resolução).',
  },
  {
    name: 'simulados',
    description:
      'Simulados dos grupos: criação e publicação, a tentativa cronometrada, o progresso ao vivo, o resultado com gabarito e a Estimativa TRI.',
  },
  {
    name: 'imports',
    description:
      'Importar e exportar questões: Moodle XML, GIFT, Aiken e CSV, com prévia, importação em segundo plano e exportação.',
  },
  {
    name: 'essays',
    description:
      'Redação: propostas, redações corrigidas por competência (protocolo do INEP), atribuições, controles e confiabilidade de quem corrige.',
  },
  {
    name: 'search',
    description:
      'Busca: pessoas, posts (palavras e #hashtags), grupos e questões, sem acentos nem maiúsculas.',
  },
  {
    name: 'waitlist',
    description:
      'Página de lançamento: data de lançamento, verificação anti-robô e lista de espera (com a exportação em CSV para administradores).',
  },
] as const;

export type ApiTag = (typeof API_TAGS)[number]['name'];

/** The security scheme of the session cookie (its cookie name is declared where the app is built). */
export const SESSION_SECURITY = 'sessionCookie';

/**
 * The documentation of a routes file's operations, in one tag:
 * `const docs = apiDocs('posts')`, then `schema: { ...docs.session('listFeed', 'Lista o feed principal'), … }`.
 * `session` is for routes behind a guard (requireUser, requireVerified, an admin check): they answer
 * 401 without the session cookie; `public` for everyone else.
 */
export function apiDocs(tag: ApiTag) {
  const describe = (session: boolean) => (operationId: string, summary: string) => ({
    tags: [tag],
    operationId,
    summary,
    security: session ? [{ [SESSION_SECURITY]: [] }] : [],
  });
  return { session: describe(true), public: describe(false) };
}

const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The document in an order that does not depend on the order routes were registered in: paths
 * sorted, each path's methods in the OpenAPI order, component maps sorted. Schemas keep their own
 * order (the contract's field order reads best).
 */
export function sortOpenApiDocument<T extends object>(document: T): T {
  const doc = document as Record<string, unknown>;
  const paths = (doc.paths ?? {}) as Record<string, Record<string, unknown>>;
  const sortedPaths = Object.fromEntries(
    Object.keys(paths)
      .sort(byCodeUnits)
      .map((path) => {
        const operations = paths[path] ?? {};
        const methods = Object.keys(operations).sort((a, b) => rank(a) - rank(b) || byCodeUnits(a, b));
        return [path, Object.fromEntries(methods.map((method) => [method, operations[method]]))];
      }),
  );
  const components = doc.components as Record<string, Record<string, unknown>> | undefined;
  const sortedComponents = components && sortKeys(mapValues(components, (group) => sortKeys(group)));
  return {
    ...doc,
    ...(sortedComponents ? { components: sortedComponents } : {}),
    paths: sortedPaths,
  } as T;
}

const rank = (method: string) => {
  const index = METHOD_ORDER.indexOf(method);
  return index === -1 ? METHOD_ORDER.length : index;
};

/** Not localeCompare: the order must be the same on every machine. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sortKeys<V>(record: Record<string, V>): Record<string, V> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => byCodeUnits(a, b)));
}

function mapValues<V, W>(record: Record<string, V>, map: (value: V) => W): Record<string, W> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}
