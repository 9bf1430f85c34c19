// Adaptive practice ('Treino'), the mastery map and resolutions (issue 40): limits, levels, texts.

export const MASTERY_LEVELS = ['iniciante', 'em_progresso', 'proficiente', 'dominio'] as const;
export type MasteryLevel = (typeof MASTERY_LEVELS)[number];

export const MASTERY_LEVEL_LABELS: Record<MasteryLevel, string> = {
  iniciante: 'Iniciante',
  em_progresso: 'Em progresso',
  proficiente: 'Proficiente',
  dominio: 'Domínio',
};

/** A topic has its own cell on the map from this many answered calibrated questions. */
export const MASTERY_TOPIC_MIN_ANSWERED = 5;

/** Practice does not serve a question again for this many days. */
export const PRACTICE_UNSEEN_DAYS = 30;

export const RESOLUTION_CONTENT_MAX = 5000;
/** Images of one resolution (a drawn figure, a photo of the worked solution). */
export const RESOLUTION_IMAGES_MAX = 4;

export const PRACTICE_MESSAGES = {
  // Errors
  resolutionRequired: 'Escreva a resolução.',
  resolutionTooLong: `A resolução deve ter no máximo ${RESOLUTION_CONTENT_MAX.toLocaleString('pt-BR')} caracteres.`,
  resolutionImagesMax: `Uma resolução tem no máximo ${RESOLUTION_IMAGES_MAX} imagens.`,
  resolutionImagesNotUploaded:
    'Envie as imagens da resolução pelo botão Imagem: endereços de imagens de outros sites não são aceitos.',
  resolutionNotFound: 'Resolução não encontrada.',
  answerFirst: 'Responda a questão antes de ver as resoluções.',
  notYourResolution: 'Só quem escreveu a resolução pode alterá-la.',
  ownResolutionVote: 'Você não pode votar na sua própria resolução.',
  alreadyVoted: 'Você já marcou esta resolução como útil.',
  notVoted: 'Você ainda não marcou esta resolução como útil.',
  acceptForbidden: 'Só o autor da questão ou um professor pode escolher a melhor resolução.',
  // Notifications
  newResolutionTitle: 'Nova resolução da questão que você errou',
  newResolutionOnYourQuestionTitle: 'Nova resolução da sua questão',
  // Screens
  practiceTitle: 'Treino',
  practiceNav: 'Treino',
  practiceIntro:
    'Questões escolhidas para o seu nível: primeiro as revisões do caderno, depois as que mais ensinam.',
  allSubjects: 'Todas as matérias',
  reviewBadge: 'Revisão do caderno',
  questionBadge: 'Questão nova',
  nextItem: 'Próxima',
  nothingLeft:
    'Você já viu todas as questões disponíveis por aqui. Volte mais tarde ou escolha outra matéria.',
  masteryTitle: 'Mapa de domínio',
  masteryEmpty: 'Responda questões para ver seu mapa de domínio.',
  trainThis: 'treinar este assunto',
  answeredCount: (count: number) => `${count} ${count === 1 ? 'questão' : 'questões'}`,
  ability: 'Nível estimado',
  resolutionsTitle: 'Resoluções',
  resolutionsEmpty: 'Ainda não há resoluções. Escreva a primeira!',
  teacherResolution: 'Resolução do professor',
  bestResolution: 'Melhor resolução',
  markBest: 'Marcar como melhor',
  useful: 'Útil',
  writeResolution: 'Escreva sua resolução',
  sendResolution: 'Publicar resolução',
  resolutionPlaceholder: 'Explique o caminho até a resposta (aceita LaTeX entre $…$).',
} as const;
