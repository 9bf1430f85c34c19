import { LIFETIME_ACCESS_LABEL } from './common.constants.ts';
import { GROUP_CATEGORIES } from './constants.ts';

// The limits, texts and labels of study groups, without zod (the schemas are in groups.ts), so the
// screens can import them through `@estudai/contract/constants` without loading zod.

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
export const RATING_COMMENT_MAX = 1_000;

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
  /** A paid member's access end, on the group page. */
  accessUntil: (date: string) => `Acesso até ${date}`,
  mute: 'Silenciar novidades',
  unmute: 'Reativar novidades',
  mutedTitle: 'Novidades silenciadas',
  muted: 'Você não será avisado de novos posts, materiais e vídeos deste grupo.',
  unmutedTitle: 'Novidades reativadas',
  unmuted: 'Você voltará a ser avisado das novidades deste grupo.',
  receipt: 'Ver recibo',
  receiptTitle: 'Recibo',
  receiptDownload: 'Baixar recibo',
  active: 'Ativo',
  inactive: 'Inativo',
  lifetime: LIFETIME_ACCESS_LABEL,
  emptyPosts: 'Nenhum post encontrado',
  emptyMaterials: 'Nenhum material encontrado',
  emptyVideos: 'Nenhum vídeo encontrado',
  verified: 'Verificado',
  // /study-groups/{id}/payment
  paymentTitle: 'Pagamento',
  paymentBack: 'Voltar para grupos',
  /** As every price, with a no-break space after 'R$'. */
  processingFee: 'R$\u00a00,00',
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
  priceInvalid: 'O preço deve ser de R$ 0,00 a R$ 10.000,00.',
  priceTyped: 'Digite o preço em reais, como 19,90.',
  /** Only an API caller can send a fraction of a cent: the form always sends whole cents. */
  priceNotCents: 'O preço vai em centavos, um número inteiro (R$ 19,90 = 1990).',
  priceChangeTitle: 'Alterar o preço?',
  priceChange: (members: number, from: string, to: string) =>
    `Este grupo tem ${members} ${members === 1 ? 'membro pagante' : 'membros pagantes'}. O preço passa de ${from} para ${to} para quem assinar daqui em diante; quem já pagou mantém o acesso que comprou.`,
  priceChangeConfirm: 'Alterar preço',
  paidNeedsPrice: 'Um grupo pago precisa de um preço maior que zero.',
  freeHasNoPrice: 'Um grupo gratuito não tem preço.',
  durationInvalid: `A duração deve ser de 1 a ${GROUP_DURATION_MAX_MONTHS} meses, ou vitalícia.`,
  maxMembersInvalid: `O limite de membros deve ser de 1 a ${GROUP_MEMBERS_MAX}.`,
  maxMembersBelowCurrent: 'O limite de membros não pode ficar abaixo do número atual de membros.',
  tagsTooMany: `Use no máximo ${GROUP_TAGS_MAX} tags.`,
  tagInvalid: `Cada tag deve ter de 1 a ${GROUP_TAG_MAX} caracteres.`,
  coverInvalid: 'Use um link de imagem http:// ou https://.',
  /** Issue 43: a cover is an image sent here (the image check looks at it), never an outside address. */
  coverNotUploaded:
    'Envie a capa pelo botão Enviar imagem do aparelho: endereços de imagens de outros sites não são aceitos.',
  ratingInvalid: 'A avaliação deve ser um número inteiro de 1 a 5.',
  ratingMembersOnly: 'Apenas membros ativos podem avaliar o grupo.',
  ratingOwner: 'O dono do grupo não pode avaliar o próprio grupo.',
  ratingCommentTooLong: `O comentário da avaliação deve ter no máximo ${RATING_COMMENT_MAX} caracteres.`,
  materialEdit: 'Editar material',
  materialHide: 'Ocultar',
  materialShow: 'Mostrar',
  materialDelete: 'Excluir',
  materialDeleteConfirmTitle: 'Excluir material?',
  materialDeleteConfirm:
    'Os membros deixam de ver e baixar o material na hora; o arquivo é apagado de vez em 30 dias.',
  materialUpdated: 'Material atualizado',
  materialHidden: 'Material ocultado',
  materialShown: 'Material visível novamente',
  materialDeleted: 'Material excluído',
  materialTitleRequired: 'Digite o título do material.',
  materialTooLarge: 'O arquivo deve ter no máximo 20 MB.',
  materialNotPdf: 'Envie um arquivo PDF válido.',
  materialNotFound: 'Material não encontrado',
  topicTitleRequired: 'Digite o título do tópico.',
  topicContentRequired: 'Digite o conteúdo do tópico.',
  topicNotFound: 'Tópico não encontrado',
  replyRequired: 'Digite uma resposta.',
  commentNotFound: 'Comentário não encontrado',
  // Moderation (issue 24): the owner and co-teachers; the author sees the placeholder.
  removedByModeration: 'Removido pela moderação',
  topicClosed: 'Este tópico foi fechado pela moderação e não aceita novas respostas.',
  topicClosedBadge: 'Fechado',
  moderationForbidden: 'Apenas o dono do grupo e os professores convidados podem moderar o fórum.',
  moderationActions: 'Moderar',
  topicPin: 'Fixar',
  topicUnpin: 'Desafixar',
  topicClose: 'Fechar para respostas',
  topicReopen: 'Reabrir para respostas',
  contentHide: 'Ocultar',
  contentShow: 'Mostrar novamente',
  contentDelete: 'Excluir',
  contentHiddenBadge: 'Oculto',
  topicDeleteConfirmTitle: 'Excluir tópico?',
  commentDeleteConfirmTitle: 'Excluir resposta?',
  contentDeleteConfirm: 'Os membros deixam de ver este conteúdo e o autor verá "Removido pela moderação".',
  topicClosedToast: 'Tópico fechado',
  topicReopenedToast: 'Tópico reaberto',
  contentHiddenToast: 'Conteúdo ocultado',
  contentShownToast: 'Conteúdo visível novamente',
  contentDeletedToast: 'Conteúdo excluído',
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
