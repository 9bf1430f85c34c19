import { eq, getTableColumns, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';

// What 'Meus dados' puts in the ZIP (LGPD art. 18, II and V): one JSON file per kind of data, from
// every table that holds a person's id, or a reason why not. `export.test.ts` reads every
// table of the schema and fails when one that holds a user id is in neither map, so a new table
// cannot be forgotten. Keys are the tables' SQL names.

export interface ExportSource {
  /** The file in the ZIP. */
  file: string;
  table: PgTable;
  /** Rows where any of these columns is the person's id. */
  columns: PgColumn[];
  /** Columns left out: secrets (hashes, push keys), nothing of the person's own. */
  omit?: string[];
}

export const EXPORTED: Record<string, ExportSource> = {
  users: {
    file: 'perfil.json',
    table: schema.users,
    columns: [schema.users.id],
    omit: ['passwordHash', 'googleSub', 'erasedAt'],
  },
  sessions: {
    file: 'sessoes-ativas.json',
    table: schema.sessions,
    columns: [schema.sessions.userId],
    omit: ['id'],
  },
  push_subscriptions: {
    file: 'aparelhos-com-notificacoes.json',
    table: schema.pushSubscriptions,
    columns: [schema.pushSubscriptions.userId],
    omit: ['sessionId', 'endpoint', 'p256dh', 'auth'],
  },
  posts: { file: 'publicacoes.json', table: schema.posts, columns: [schema.posts.authorId] },
  comments: { file: 'comentarios.json', table: schema.comments, columns: [schema.comments.authorId] },
  post_likes: { file: 'curtidas.json', table: schema.postLikes, columns: [schema.postLikes.userId] },
  comment_likes: {
    file: 'curtidas-em-comentarios.json',
    table: schema.commentLikes,
    columns: [schema.commentLikes.userId],
  },
  post_saves: {
    file: 'publicacoes-salvas.json',
    table: schema.postSaves,
    columns: [schema.postSaves.userId],
  },
  post_answers: { file: 'respostas.json', table: schema.postAnswers, columns: [schema.postAnswers.userId] },
  poll_votes: { file: 'votos-em-enquetes.json', table: schema.pollVotes, columns: [schema.pollVotes.userId] },
  quiz_attempts: {
    file: 'tentativas-de-quiz.json',
    table: schema.quizAttempts,
    columns: [schema.quizAttempts.userId],
  },
  follows: {
    file: 'seguindo-e-seguidores.json',
    table: schema.follows,
    columns: [schema.follows.followerId, schema.follows.followingId],
  },
  connection_requests: {
    file: 'pedidos-de-conexao.json',
    table: schema.connectionRequests,
    columns: [schema.connectionRequests.fromUserId, schema.connectionRequests.toUserId],
  },
  conversations: {
    file: 'conversas.json',
    table: schema.conversations,
    columns: [schema.conversations.userA, schema.conversations.userB],
  },
  // What the person wrote; what others wrote to them is the others' to export.
  messages: { file: 'mensagens-enviadas.json', table: schema.messages, columns: [schema.messages.senderId] },
  notifications: {
    file: 'notificacoes.json',
    table: schema.notifications,
    columns: [schema.notifications.userId],
  },
  study_groups: {
    file: 'grupos-criados.json',
    table: schema.studyGroups,
    columns: [schema.studyGroups.ownerId],
  },
  group_memberships: {
    file: 'grupos-participacao.json',
    table: schema.groupMemberships,
    columns: [schema.groupMemberships.userId],
  },
  group_ratings: {
    file: 'avaliacoes-de-grupos.json',
    table: schema.groupRatings,
    columns: [schema.groupRatings.userId],
  },
  group_payments: {
    file: 'pagamentos.json',
    table: schema.groupPayments,
    columns: [schema.groupPayments.userId],
  },
  group_materials: {
    file: 'materiais-enviados.json',
    table: schema.groupMaterials,
    columns: [schema.groupMaterials.uploadedBy],
  },
  group_videos: {
    file: 'videos-enviados.json',
    table: schema.groupVideos,
    columns: [schema.groupVideos.uploadedBy],
  },
  group_video_views: {
    file: 'videos-assistidos.json',
    table: schema.groupVideoViews,
    columns: [schema.groupVideoViews.userId],
  },
  forum_topics: {
    file: 'forum-topicos.json',
    table: schema.forumTopics,
    columns: [schema.forumTopics.authorId],
  },
  forum_comments: {
    file: 'forum-comentarios.json',
    table: schema.forumComments,
    columns: [schema.forumComments.authorId],
  },
  forum_topic_likes: {
    file: 'forum-curtidas-em-topicos.json',
    table: schema.forumTopicLikes,
    columns: [schema.forumTopicLikes.userId],
  },
  forum_comment_likes: {
    file: 'forum-curtidas-em-comentarios.json',
    table: schema.forumCommentLikes,
    columns: [schema.forumCommentLikes.userId],
  },
  group_teachers: {
    file: 'grupos-como-professor.json',
    table: schema.groupTeachers,
    columns: [schema.groupTeachers.userId],
  },
  group_announcements: {
    file: 'avisos-publicados.json',
    table: schema.groupAnnouncements,
    columns: [schema.groupAnnouncements.authorId],
  },
  group_classes: {
    file: 'aulas-agendadas.json',
    table: schema.groupClasses,
    columns: [schema.groupClasses.createdBy],
  },
  group_invite_links: {
    file: 'links-de-convite-criados.json',
    table: schema.groupInviteLinks,
    columns: [schema.groupInviteLinks.createdBy],
  },
  group_invite_uses: {
    file: 'convites-aceitos.json',
    table: schema.groupInviteUses,
    columns: [schema.groupInviteUses.userId],
  },
  study_sessions: {
    file: 'sessoes-de-estudo.json',
    table: schema.studySessions,
    columns: [schema.studySessions.userId],
  },
  notebook_entries: {
    file: 'caderno-de-erros.json',
    table: schema.notebookEntries,
    columns: [schema.notebookEntries.userId],
  },
  review_logs: { file: 'revisoes.json', table: schema.reviewLogs, columns: [schema.reviewLogs.userId] },
  decks: { file: 'baralhos.json', table: schema.decks, columns: [schema.decks.ownerId] },
  hidden_words: {
    file: 'palavras-ocultas.json',
    table: schema.hiddenWords,
    columns: [schema.hiddenWords.userId],
  },
  simulado_paper_guests: {
    file: 'simulados-cartoes-de-convidados.json',
    table: schema.simuladoPaperGuests,
    columns: [schema.simuladoPaperGuests.enteredBy],
  },
  deck_card_states: {
    file: 'cartoes-agendamento.json',
    table: schema.deckCardStates,
    columns: [schema.deckCardStates.userId],
  },
  deck_review_logs: {
    file: 'revisoes-de-cartoes.json',
    table: schema.deckReviewLogs,
    columns: [schema.deckReviewLogs.userId],
  },
  deck_card_suggestions: {
    file: 'sugestoes-de-cartoes.json',
    table: schema.deckCardSuggestions,
    columns: [schema.deckCardSuggestions.authorId],
  },
  essay_prompts: {
    file: 'propostas-de-redacao.json',
    table: schema.essayPrompts,
    columns: [schema.essayPrompts.authorId],
  },
  essays: { file: 'redacoes.json', table: schema.essays, columns: [schema.essays.authorId] },
  essay_reviews: {
    file: 'correcoes-de-redacao.json',
    table: schema.essayReviews,
    columns: [schema.essayReviews.graderId],
  },
  study_rooms: {
    file: 'salas-de-estudo.json',
    table: schema.studyRooms,
    columns: [schema.studyRooms.ownerId],
  },
  room_presence: {
    file: 'presenca-em-salas.json',
    table: schema.roomPresence,
    columns: [schema.roomPresence.userId],
  },
  room_invites: {
    file: 'convites-de-salas.json',
    table: schema.roomInvites,
    columns: [schema.roomInvites.inviterId, schema.roomInvites.inviteeId],
  },
  room_reactions: {
    file: 'reacoes-em-salas.json',
    table: schema.roomReactions,
    columns: [schema.roomReactions.userId],
  },
  study_blocks: {
    file: 'blocos-de-foco.json',
    table: schema.studyBlocks,
    columns: [schema.studyBlocks.userId],
  },
  friend_streaks: {
    file: 'ofensivas-em-dupla.json',
    table: schema.friendStreaks,
    columns: [schema.friendStreaks.requesterId, schema.friendStreaks.addresseeId],
  },
  room_settings: {
    file: 'preferencias-das-salas.json',
    table: schema.roomSettings,
    columns: [schema.roomSettings.userId],
  },
  practice_views: {
    file: 'questoes-vistas-no-treino.json',
    table: schema.practiceViews,
    columns: [schema.practiceViews.userId],
  },
  question_resolutions: {
    file: 'resolucoes.json',
    table: schema.questionResolutions,
    columns: [schema.questionResolutions.authorId],
  },
  question_reports: {
    file: 'relatos-de-erro-em-questoes.json',
    table: schema.questionReports,
    columns: [schema.questionReports.reporterId],
  },
  resolution_votes: {
    file: 'votos-em-resolucoes.json',
    table: schema.resolutionVotes,
    columns: [schema.resolutionVotes.userId],
  },
  study_reminders: {
    file: 'lembretes.json',
    table: schema.studyReminders,
    columns: [schema.studyReminders.userId],
  },
  simulados: {
    file: 'simulados-criados.json',
    table: schema.simulados,
    columns: [schema.simulados.createdBy],
  },
  simulado_attempts: {
    file: 'simulados-feitos.json',
    table: schema.simuladoAttempts,
    columns: [schema.simuladoAttempts.userId],
  },
  // Issue 43: the actions taken against the person and their appeals (not the moderators' ids).
  moderation_enforcements: {
    file: 'acoes-da-moderacao.json',
    table: schema.moderationEnforcements,
    columns: [schema.moderationEnforcements.userId],
    omit: ['moderatorId'],
  },
  moderation_appeals: {
    file: 'recursos.json',
    table: schema.moderationAppeals,
    columns: [schema.moderationAppeals.userId],
    omit: ['decidedBy'],
  },
  // The reports the person sent; reports about them would say who reported them.
  reports: { file: 'denuncias-enviadas.json', table: schema.reports, columns: [schema.reports.reporterId] },
  guardian_links: {
    file: 'responsaveis.json',
    table: schema.guardianLinks,
    columns: [schema.guardianLinks.teenId, schema.guardianLinks.guardianId],
    omit: ['tokenHash'],
  },
  guardian_approvals: {
    file: 'autorizacoes-do-responsavel.json',
    table: schema.guardianApprovals,
    columns: [schema.guardianApprovals.teenId],
  },
  app_presence: {
    file: 'tempo-no-app.json',
    table: schema.appPresence,
    columns: [schema.appPresence.userId],
  },
  // Whom the person blocked; who blocked them is the other person's decision, not theirs.
  blocks: { file: 'usuarios-bloqueados.json', table: schema.blocks, columns: [schema.blocks.blockerId] },
  media_uploads: {
    file: 'arquivos-enviados.json',
    table: schema.mediaUploads,
    columns: [schema.mediaUploads.uploaderId],
  },
  data_exports: {
    file: 'exportacoes.json',
    table: schema.dataExports,
    columns: [schema.dataExports.userId],
    omit: ['fileName'],
  },
};

/**
 * Data of the person that no column of theirs names (issue 37): the answers of their simulados
 * (through their attempts), and what is kept under their e-mail (failed sign-ins, the waiting-list
 * entry). Erasure removes the e-mail ones (erasure.queries.ts); the answers go with the attempts.
 */
export interface LinkedExportSource {
  file: string;
  rows: (db: Tx, person: { id: string; email: string }) => Promise<Record<string, unknown>[]>;
}

export const EXPORTED_LINKED: Record<string, LinkedExportSource> = {
  simulado_answers: {
    file: 'simulados-respostas.json',
    rows: (db, person) =>
      db
        .select(getTableColumns(schema.simuladoAnswers))
        .from(schema.simuladoAnswers)
        .innerJoin(schema.simuladoAttempts, eq(schema.simuladoAttempts.id, schema.simuladoAnswers.attemptId))
        .where(eq(schema.simuladoAttempts.userId, person.id)),
  },
  login_failures: {
    file: 'tentativas-de-entrada-erradas.json',
    rows: (db, person) =>
      db.select().from(schema.loginFailures).where(eq(schema.loginFailures.email, person.email)),
  },
  waitlist_entries: {
    file: 'lista-de-espera.json',
    rows: (db, person) =>
      db.select().from(schema.waitlistEntries).where(eq(schema.waitlistEntries.email, person.email)),
  },
};

/** Tables that hold a user id but are not in the ZIP, each with the reason (docs/decisions/016). */
export const EXPORT_EXCEPTIONS: Record<string, string> = {
  auth_codes:
    'Códigos de confirmação de e-mail e de troca de senha: segredos de uso único, guardados só como hash e apagados ao vencer.',
  moderation_actions:
    'Registro das decisões da moderação: dados da equipe e de quem denunciou, guardados para a segurança da comunidade.',
  question_imports:
    'Prévias e andamento das importações de questões: as questões importadas já estão em publicacoes.json.',
  question_items:
    'Índice do banco de questões, gerado a partir das publicações (que já estão em publicacoes.json).',
  report_evidence:
    'Cópia de conteúdo denunciado como exploração ou aliciamento de menores, guardada para as autoridades (ECA); não é entregue ao autor.',
};

/**
 * Tables where rows with the erased person's id stay after the erasure job, each with the reason.
 * Approved payments stay too, but without the id (user_id set to null): they name nobody.
 */
export const ERASURE_EXCEPTIONS: Record<string, string> = {
  report_evidence:
    'Prova de denúncia de exploração ou aliciamento de menores, guardada para as autoridades (ECA, Marco Civil art. 15).',
};

/** The rows of one source that are the person's (any of its columns holds their id). */
export async function exportedRows(db: Tx, source: ExportSource, userId: string) {
  return (await db
    .select()
    .from(source.table)
    .where(or(...source.columns.map((column) => eq(column, userId))))) as Record<string, unknown>[];
}
