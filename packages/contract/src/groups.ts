import { z } from 'zod';
import { httpUrlSchema } from './api.ts';
import { GROUP_CATEGORIES } from './constants.ts';

// Study groups (spec §1, §2 '/study-groups…', §3 Study group, Material, Membership, Forum, §7, §9).

/** Categories a group can have ('all' is only a filter value). */
export const GROUP_CATEGORY_VALUES = GROUP_CATEGORIES.filter((category) => category !== 'all') as Exclude<
  (typeof GROUP_CATEGORIES)[number],
  'all'
>[];
export type GroupCategory = (typeof GROUP_CATEGORY_VALUES)[number];
export type GroupCategoryFilter = (typeof GROUP_CATEGORIES)[number];

export const GROUP_CATEGORY_LABELS: Record<GroupCategoryFilter, string> = {
  all: 'Todas as categorias',
  matematica: 'Matemática',
  fisica: 'Física',
  quimica: 'Química',
  biologia: 'Biologia',
  portugues: 'Português',
  historia: 'História',
  geografia: 'Geografia',
};

export const GROUP_SUBJECTS = ['ENEM', 'Vestibular', 'Superior'] as const;
export type GroupSubject = (typeof GROUP_SUBJECTS)[number];

/** User types allowed to create groups (§6: teachers and mentors; tutors and admins too). */
export const GROUP_CREATOR_TYPES = ['professor', 'mentor', 'tutor', 'admin'] as const;

export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 2_000;
export const GROUP_SUMMARY_MAX = 300;
export const GROUP_TAGS_MAX = 10;
export const GROUP_TAG_MAX = 30;
/** Tags shown on a card (§9). */
export const GROUP_CARD_TAGS = 3;
/** R$ 10.000,00, in cents. */
export const GROUP_PRICE_MAX = 1_000_000;
export const GROUP_MEMBERS_MAX = 10_000;
export const GROUP_DURATION_MAX_MONTHS = 36;
export const MATERIAL_MAX_BYTES = 20 * 1024 * 1024;
export const MATERIAL_TITLE_MAX = 150;
export const MATERIAL_DESCRIPTION_MAX = 1_000;
export const FORUM_TITLE_MAX = 200;
export const FORUM_CONTENT_MAX = 5_000;
export const FORUM_COMMENT_MAX = 2_000;

/** §4 Payment: the join request goes 2 s after the click; the redirect 1.5 s after approval. */
export const PAYMENT_DELAY_MS = 2_000;
export const PAYMENT_REDIRECT_MS = 1_500;
/** §9: relevance score colours. */
export const RELEVANCE_GREEN_FROM = 90;
export const RELEVANCE_YELLOW_FROM = 70;

/** Error codes of these calls, beside the shared ones in `ErrorCode`. */
export const GROUP_ERROR_CODES = {
  groupFull: 'GROUP_FULL',
  paymentRequired: 'PAYMENT_REQUIRED',
  ownerCannotLeave: 'OWNER_CANNOT_LEAVE',
  notMember: 'NOT_MEMBER',
  groupInactive: 'GROUP_INACTIVE',
  invalidSignature: 'INVALID_SIGNATURE',
  invalidFile: 'INVALID_FILE',
} as const;

/** Every pt-BR text of these screens and calls (spec §2, §4, §5, §8 and the server's own). */
export const GROUP_MESSAGES = {
  // /study-groups
  tabMine: 'Meus Grupos',
  tabAvailable: 'Disponíveis',
  tabArchived: 'Arquivados',
  searchPlaceholder: 'Buscar grupos...',
  emptyMine: 'Você ainda não participa de nenhum grupo',
  emptyAvailable: 'Nenhum grupo encontrado com os filtros selecionados',
  emptyArchived: 'Nenhum grupo arquivado',
  // /study-groups/{id}
  notFound: 'Grupo não encontrado',
  memberBadge: 'Membro do grupo',
  join: 'Entrar no grupo',
  subscribe: (price: string) => `Assinar por ${price}`,
  leave: 'Sair do grupo',
  archive: 'Arquivar grupo',
  unarchive: 'Desarquivar grupo',
  left: 'Grupo abandonado',
  archived: 'Grupo arquivado',
  unarchived: 'Grupo desarquivado',
  joinedTitle: 'Bem-vindo ao grupo!',
  active: 'Ativo',
  inactive: 'Inativo',
  lifetime: 'Acesso vitalício',
  emptyPosts: 'Nenhum post encontrado',
  emptyMaterials: 'Nenhum material encontrado',
  emptyVideos: 'Nenhum vídeo encontrado',
  verified: 'Verificado',
  // /study-groups/{id}/payment
  paymentTitle: 'Pagamento',
  paymentBack: 'Voltar para grupos',
  processingFee: 'R$ 0,00',
  premiumIncluded: 'Acesso Premium Incluso',
  paymentApprovedTitle: 'Pagamento aprovado!',
  paymentApproved: 'Bem-vindo ao grupo de estudos',
  paymentFailedTitle: 'Erro no pagamento',
  paymentFailed: 'Falha ao processar pagamento',
  sandboxNotice: 'Modo de teste: nenhum valor será cobrado.',
  // /study-groups/{id}/forum
  forumTitle: 'Fórum do Grupo',
  newTopic: 'Novo Tópico',
  creatingTopic: 'Criando...',
  sendingReply: 'Enviando...',
  forumEmpty: 'Nenhum tópico ainda. Seja o primeiro a perguntar!',
  // Server messages
  createForbidden: 'Apenas professores, mentores e tutores podem criar grupos de estudo.',
  editForbidden: 'Apenas o dono do grupo pode alterá-lo.',
  membersOnly: 'Conteúdo disponível apenas para membros do grupo.',
  groupFull: 'Este grupo está lotado.',
  groupInactive: 'Este grupo não está aceitando novos membros.',
  paymentRequired: 'Este grupo é pago: conclua o pagamento para entrar.',
  ownerCannotLeave: 'O dono do grupo não pode sair do próprio grupo.',
  notMember: 'Você não é membro deste grupo.',
  alreadyFree: 'Este grupo é gratuito: basta entrar.',
  alreadyMember: 'Você já é membro deste grupo.',
  nameRequired: 'Digite o nome do grupo.',
  nameTooLong: `O nome deve ter no máximo ${GROUP_NAME_MAX} caracteres.`,
  descriptionRequired: 'Digite a descrição do grupo.',
  descriptionTooLong: `A descrição deve ter no máximo ${GROUP_DESCRIPTION_MAX} caracteres.`,
  summaryTooLong: `O resumo deve ter no máximo ${GROUP_SUMMARY_MAX} caracteres.`,
  categoryInvalid: 'Escolha uma categoria válida.',
  subjectInvalid: 'Escolha ENEM, Vestibular ou Superior.',
  priceInvalid: 'O preço deve ser um valor inteiro em centavos, de zero a R$ 10.000,00.',
  paidNeedsPrice: 'Um grupo pago precisa de um preço maior que zero.',
  freeHasNoPrice: 'Um grupo gratuito não tem preço.',
  durationInvalid: `A duração deve ser de 1 a ${GROUP_DURATION_MAX_MONTHS} meses, ou vitalícia.`,
  maxMembersInvalid: `O limite de membros deve ser de 1 a ${GROUP_MEMBERS_MAX}.`,
  maxMembersBelowCurrent: 'O limite de membros não pode ficar abaixo do número atual de membros.',
  tagsTooMany: `Use no máximo ${GROUP_TAGS_MAX} tags.`,
  tagInvalid: `Cada tag deve ter de 1 a ${GROUP_TAG_MAX} caracteres.`,
  coverInvalid: 'Use um link de imagem http:// ou https://.',
  ratingInvalid: 'A avaliação deve ser um número inteiro de 1 a 5.',
  ratingMembersOnly: 'Apenas membros ativos podem avaliar o grupo.',
  ratingOwner: 'O dono do grupo não pode avaliar o próprio grupo.',
  materialTitleRequired: 'Digite o título do material.',
  materialTooLarge: 'O arquivo deve ter no máximo 20 MB.',
  materialNotPdf: 'Envie um arquivo PDF válido.',
  materialNotFound: 'Material não encontrado',
  topicTitleRequired: 'Digite o título do tópico.',
  topicContentRequired: 'Digite o conteúdo do tópico.',
  topicNotFound: 'Tópico não encontrado',
  replyRequired: 'Digite uma resposta.',
  commentNotFound: 'Comentário não encontrado',
  textTooLong: 'O texto está longo demais.',
  webhookInvalidSignature: 'Assinatura do webhook inválida.',
  paymentNotFound: 'Pagamento não encontrado',
  providerUnavailable: 'O provedor de pagamento não respondeu. Tente novamente.',
  // Invites
  invite: 'Convidar',
  inviteTitle: 'Convidar para o grupo',
  inviteEmpty: 'Nenhum seguidor para convidar ainda.',
  invited: 'Convite enviado',
  inviteForbidden: 'Apenas o dono do grupo pode convidar.',
  inviteUserNotFound: 'Usuário não encontrado.',
  inviteAlreadyMember: 'Essa pessoa já participa do grupo.',
  inviteSelf: 'Você já é o dono deste grupo.',
} as const;

const tagSchema = z
  .string({ error: GROUP_MESSAGES.tagInvalid })
  .trim()
  .min(1, GROUP_MESSAGES.tagInvalid)
  .max(GROUP_TAG_MAX, GROUP_MESSAGES.tagInvalid);

const groupFields = {
  name: z
    .string({ error: GROUP_MESSAGES.nameRequired })
    .trim()
    .min(1, GROUP_MESSAGES.nameRequired)
    .max(GROUP_NAME_MAX, GROUP_MESSAGES.nameTooLong),
  description: z
    .string({ error: GROUP_MESSAGES.descriptionRequired })
    .trim()
    .min(1, GROUP_MESSAGES.descriptionRequired)
    .max(GROUP_DESCRIPTION_MAX, GROUP_MESSAGES.descriptionTooLong),
  summary: z.string().trim().max(GROUP_SUMMARY_MAX, GROUP_MESSAGES.summaryTooLong),
  coverImage: httpUrlSchema(GROUP_MESSAGES.coverInvalid).nullable(),
  category: z.enum(GROUP_CATEGORY_VALUES as [GroupCategory, ...GroupCategory[]], {
    error: GROUP_MESSAGES.categoryInvalid,
  }),
  subject: z.enum(GROUP_SUBJECTS, { error: GROUP_MESSAGES.subjectInvalid }),
  isPaid: z.boolean(),
  /** In cents. */
  price: z
    .number({ error: GROUP_MESSAGES.priceInvalid })
    .int(GROUP_MESSAGES.priceInvalid)
    .min(0, GROUP_MESSAGES.priceInvalid)
    .max(GROUP_PRICE_MAX, GROUP_MESSAGES.priceInvalid),
  /** Months of access after paying; null: lifetime. */
  subscriptionDuration: z
    .number({ error: GROUP_MESSAGES.durationInvalid })
    .int(GROUP_MESSAGES.durationInvalid)
    .min(1, GROUP_MESSAGES.durationInvalid)
    .max(GROUP_DURATION_MAX_MONTHS, GROUP_MESSAGES.durationInvalid)
    .nullable(),
  maxMembers: z
    .number({ error: GROUP_MESSAGES.maxMembersInvalid })
    .int(GROUP_MESSAGES.maxMembersInvalid)
    .min(1, GROUP_MESSAGES.maxMembersInvalid)
    .max(GROUP_MEMBERS_MAX, GROUP_MESSAGES.maxMembersInvalid),
  tags: z
    .array(tagSchema, { error: GROUP_MESSAGES.tagsTooMany })
    .max(GROUP_TAGS_MAX, GROUP_MESSAGES.tagsTooMany),
};

const priceMatchesPaid = (group: { isPaid?: boolean; price?: number }, ctx: z.RefinementCtx) => {
  if (group.isPaid === true && group.price !== undefined && group.price <= 0)
    ctx.addIssue({ code: 'custom', path: ['price'], message: GROUP_MESSAGES.paidNeedsPrice });
  if (group.isPaid === false && group.price !== undefined && group.price !== 0)
    ctx.addIssue({ code: 'custom', path: ['price'], message: GROUP_MESSAGES.freeHasNoPrice });
};

/** `POST /api/study-groups`. Tags are trimmed and de-duplicated case-insensitively by the server. */
export const createGroupInputSchema = z
  .strictObject({
    ...groupFields,
    summary: groupFields.summary.default(''),
    coverImage: groupFields.coverImage.default(null),
    price: groupFields.price.default(0),
    subscriptionDuration: groupFields.subscriptionDuration.default(null),
    maxMembers: groupFields.maxMembers.default(100),
    tags: groupFields.tags.default([]),
    /** Currency is always BRL; accepted so the spec's sample objects can be posted as they are. */
    currency: z.literal('BRL').optional(),
  })
  .superRefine(priceMatchesPaid);
export type CreateGroupInput = z.input<typeof createGroupInputSchema>;

/** `PATCH /api/study-groups/{id}` (owner only): any field; `isActive: false` deactivates. */
export const updateGroupInputSchema = z
  .strictObject({ ...groupFields, isActive: z.boolean() })
  .partial()
  .superRefine(priceMatchesPaid);
export type UpdateGroupInput = z.input<typeof updateGroupInputSchema>;

export const groupListQuerySchema = z.object({
  search: z.string().trim().max(100, 'A busca deve ter no máximo 100 caracteres.').default(''),
  category: z.enum(GROUP_CATEGORIES, { error: GROUP_MESSAGES.categoryInvalid }).default('all'),
});
export type GroupListQuery = z.input<typeof groupListQuerySchema>;

export const groupAdvertiserSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  isVerified: z.boolean(),
  verified: z.boolean(),
  /** Average of the ratings of all the owner's groups, 0–5 (0: none yet). */
  rating: z.number(),
  /** Distinct active members across the owner's groups. */
  totalStudents: z.number().int(),
});
export type GroupAdvertiser = z.infer<typeof groupAdvertiserSchema>;

export const MEMBERSHIP_STATUSES = ['active', 'left', 'expired'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const membershipSchema = z.object({
  id: z.string(),
  userId: z.string(),
  studyGroupId: z.string(),
  role: z.enum(['member', 'owner']),
  /** 'expired' once expiresAt has passed; archiving keeps it active (only hidden from 'Meus Grupos'). */
  status: z.enum(MEMBERSHIP_STATUSES),
  joinedAt: z.string(),
  expiresAt: z.string().nullable(),
  leftAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** §3 Study group: the server fields and the sample-data fields, in one shape. */
export const studyGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  summary: z.string(),
  coverImage: z.string().nullable(),
  ownerId: z.string(),
  advertiser: groupAdvertiserSchema,
  isRecommended: z.boolean(),
  currentMembers: z.number().int(),
  maxMembers: z.number().int(),
  memberCount: z.number().int(),
  isPaid: z.boolean(),
  price: z.number().int(),
  currency: z.literal('BRL'),
  subject: z.enum(GROUP_SUBJECTS),
  category: z.enum(GROUP_CATEGORY_VALUES as [GroupCategory, ...GroupCategory[]]),
  subscriptionDuration: z.number().int().nullable(),
  tags: z.array(z.string()),
  isActive: z.boolean(),
  /** The viewer archived their membership. */
  isArchived: z.boolean(),
  /** 0–100, from real signals (see the README); null outside 'Disponíveis'. */
  relevanceScore: z.number().int().nullable(),
  relevanceTag: z.string().nullable(),
  /** Average rating of this group (0: none yet), how many rated, and the viewer's own. */
  rating: z.number(),
  ratingsCount: z.number().int(),
  myRating: z.number().int().nullable(),
  /** The viewer is an active member (or the owner). */
  isMember: z.boolean(),
  isOwner: z.boolean(),
  materialsCount: z.number().int(),
  videosCount: z.number().int(),
  postsCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StudyGroup = z.infer<typeof studyGroupSchema>;

export const MEMBERSHIP_ACTIONS = ['join', 'leave', 'archive', 'unarchive'] as const;
export type MembershipAction = (typeof MEMBERSHIP_ACTIONS)[number];
export const membershipActionInputSchema = z.strictObject({
  action: z.enum(MEMBERSHIP_ACTIONS, { error: 'Ação desconhecida.' }),
  /** Old clients send it; ignored: only a confirmed payment opens a paid group. */
  paid: z.unknown().optional(),
});
export type MembershipActionInput = z.infer<typeof membershipActionInputSchema>;

/** `POST /api/study-groups/{id}/invites`: the owner invites someone (a group_invite notification). */
export const groupInviteInputSchema = z.strictObject({
  userId: z.string({ error: GROUP_MESSAGES.inviteUserNotFound }).min(1, GROUP_MESSAGES.inviteUserNotFound),
});

export const ratingInputSchema = z.strictObject({
  rating: z
    .number({ error: GROUP_MESSAGES.ratingInvalid })
    .int(GROUP_MESSAGES.ratingInvalid)
    .min(1, GROUP_MESSAGES.ratingInvalid)
    .max(5, GROUP_MESSAGES.ratingInvalid),
});
export const groupRatingSchema = z.object({
  rating: z.number(),
  ratingsCount: z.number().int(),
  myRating: z.number().int().nullable(),
});
export type GroupRating = z.infer<typeof groupRatingSchema>;

// Materials

export const materialSchema = z.object({
  id: z.string(),
  studyGroupId: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.literal('pdf'),
  /** `/api/study-groups/{id}/materials/{materialId}/download`: members only, counts the download. */
  fileUrl: z.string(),
  fileName: z.string(),
  /** Bytes. */
  fileSize: z.number().int(),
  downloadCount: z.number().int(),
  isVisible: z.boolean(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type Material = z.infer<typeof materialSchema>;

/**
 * `POST /api/study-groups/{id}/materials` is multipart/form-data: fields `title`, `description`
 * (optional) and one `file` (a PDF, checked by its bytes, at most 20 MB). Owner only.
 */
export const materialFieldsSchema = z.object({
  title: z
    .string({ error: GROUP_MESSAGES.materialTitleRequired })
    .trim()
    .min(1, GROUP_MESSAGES.materialTitleRequired)
    .max(MATERIAL_TITLE_MAX, GROUP_MESSAGES.textTooLong),
  description: z.string().trim().max(MATERIAL_DESCRIPTION_MAX, GROUP_MESSAGES.textTooLong).default(''),
});

/** `PATCH /api/study-groups/{id}/materials/{materialId}` (owner only): any of these. */
export const updateMaterialInputSchema = z.strictObject({
  title: materialFieldsSchema.shape.title.optional(),
  description: z.string().trim().max(MATERIAL_DESCRIPTION_MAX, GROUP_MESSAGES.textTooLong).optional(),
  isVisible: z.boolean().optional(),
});
export type UpdateMaterialInput = z.infer<typeof updateMaterialInputSchema>;

// Forum

export const forumCommentSchema = z.object({
  id: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  authorAvatar: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
  isLiked: z.boolean(),
  likesCount: z.number().int(),
});
export type ForumComment = z.infer<typeof forumCommentSchema>;

export const forumTopicSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  authorAvatar: z.string().nullable(),
  createdAt: z.string(),
  isPinned: z.boolean(),
  isLiked: z.boolean(),
  likesCount: z.number().int(),
  repliesCount: z.number().int(),
  /** Oldest first. */
  comments: z.array(forumCommentSchema),
});
export type ForumTopic = z.infer<typeof forumTopicSchema>;

export const createTopicInputSchema = z.strictObject({
  title: z
    .string({ error: GROUP_MESSAGES.topicTitleRequired })
    .trim()
    .min(1, GROUP_MESSAGES.topicTitleRequired)
    .max(FORUM_TITLE_MAX, GROUP_MESSAGES.textTooLong),
  content: z
    .string({ error: GROUP_MESSAGES.topicContentRequired })
    .trim()
    .min(1, GROUP_MESSAGES.topicContentRequired)
    .max(FORUM_CONTENT_MAX, GROUP_MESSAGES.textTooLong),
});
export type CreateTopicInput = z.infer<typeof createTopicInputSchema>;

export const createForumCommentInputSchema = z.strictObject({
  content: z
    .string({ error: GROUP_MESSAGES.replyRequired })
    .trim()
    .min(1, GROUP_MESSAGES.replyRequired)
    .max(FORUM_COMMENT_MAX, GROUP_MESSAGES.textTooLong),
});

export const pinTopicInputSchema = z.strictObject({ isPinned: z.boolean() });

/** The like toggles (topic and comment) answer the posts' `likeStateSchema`. */

// Payments

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_METHODS = ['card', 'pix'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ['pending', 'approved', 'failed'] as const;

/** `GET /api/payments/config`: which provider takes the payments, and whether it is a test mode. */
export const paymentConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  testMode: z.boolean(),
  methods: z.array(z.enum(PAYMENT_METHODS)),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** `POST /api/study-groups/{id}/payments`. */
export const createPaymentInputSchema = z.strictObject({
  method: z.enum(PAYMENT_METHODS, { error: 'Forma de pagamento inválida.' }).default('card'),
});

export const paymentSchema = z.object({
  id: z.string(),
  studyGroupId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  currency: z.literal('BRL'),
  testMode: z.boolean(),
  /** Where to send the buyer to pay (the real provider's checkout); null when already settled. */
  checkoutUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
