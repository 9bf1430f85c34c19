import { URL_MAX } from './api.constants.ts';
import { viewsLabel } from './common.constants.ts';
import { VIDEO_CATEGORIES } from './constants.ts';

// The limits, texts and labels of videos, without zod (the schemas are in videos.ts), so the
// screens can import them through `@estudai/contract/constants` without loading zod.

/** Categories a video can have ('all' is only a filter value). */
export const VIDEO_CATEGORY_VALUES = VIDEO_CATEGORIES.filter((category) => category !== 'all') as Exclude<
  (typeof VIDEO_CATEGORIES)[number],
  'all'
>[];
export type VideoCategory = (typeof VIDEO_CATEGORY_VALUES)[number];
export type VideoCategoryFilter = (typeof VIDEO_CATEGORIES)[number];

export const VIDEO_CATEGORY_LABELS: Record<VideoCategoryFilter, string> = {
  all: 'Todas as categorias',
  aula: 'Aula',
  exercicios: 'Exercícios',
  dicas: 'Dicas',
  revisao: 'Revisão',
};

export const VIDEO_LINK_TYPES = ['link', 'download'] as const;
export type VideoLinkType = (typeof VIDEO_LINK_TYPES)[number];

export const VIDEO_TITLE_MAX = 150;
export const VIDEO_DESCRIPTION_MAX = 2_000;
/** Seconds: 24 hours. */
export const VIDEO_DURATION_MAX = 86_400;
export const VIDEO_LINKS_MAX = 10;
export const VIDEO_LINK_TITLE_MAX = 100;
export const VIDEO_URL_MAX = URL_MAX;
export const VIDEO_SEARCH_MAX = 100;
/** §5: the video search waits this long after the last keystroke. */
export const VIDEO_SEARCH_DEBOUNCE_MS = 300;

/** Every pt-BR text of these screens and calls (spec §2, §5, §8 and the server's own). */
export const VIDEO_MESSAGES = {
  // /videos
  title: 'Vídeos',
  searchPlaceholder: 'Buscar vídeos...',
  searchLabel: 'Buscar vídeos',
  categoryLabel: 'Categoria',
  loadMore: 'Carregar Mais',
  loading: 'Carregando vídeos',
  empty: 'Nenhum vídeo encontrado com os filtros selecionados',
  fetchFailed: 'Não foi possível carregar os vídeos.',
  retry: 'Tentar novamente',
  // /study-groups/{groupId}/videos/{videoId}
  back: 'Voltar',
  views: viewsLabel,
  playerPlaceholder: 'Player de Vídeo',
  play: 'Assistir em nova aba',
  playerTitle: (title: string) => `Vídeo: ${title}`,
  duration: 'Duração',
  advertiserLinks: 'Links do Anunciante',
  download: 'Baixar',
  membersOnly: 'Assine o grupo para assistir a este vídeo.',
  /** A free group's video: members only too (decision 013), one tap away. */
  membersOnlyFree: 'Entre no grupo para assistir a este vídeo.',
  notFound: 'Vídeo não encontrado',
  backToGroup: 'Voltar ao Grupo',
  // The group page's 'Vídeos' tab
  groupEmpty: 'Nenhum vídeo encontrado',
  groupLoadMore: 'Carregar mais',
  library: 'Biblioteca de vídeos',
  add: 'Adicionar vídeo',
  edit: 'Editar vídeo',
  save: 'Salvar',
  saving: 'Salvando...',
  cancel: 'Cancelar',
  hide: 'Ocultar',
  show: 'Mostrar',
  hiddenBadge: 'Oculto',
  delete: 'Excluir',
  deleteConfirmTitle: 'Excluir vídeo?',
  deleteConfirm: 'O vídeo e suas visualizações serão apagados. Esta ação não pode ser desfeita.',
  added: 'Vídeo adicionado',
  updated: 'Vídeo atualizado',
  hidden: 'Vídeo ocultado',
  shown: 'Vídeo visível novamente',
  deleted: 'Vídeo excluído',
  actionFailed: 'Não foi possível concluir a ação. Tente novamente.',
  errorTitle: 'Erro',
  addLink: 'Adicionar link',
  removeLink: 'Remover link',
  // Server messages
  editForbidden: 'Apenas o dono do grupo pode gerenciar os vídeos.',
  titleRequired: 'Digite o título do vídeo.',
  titleTooLong: `O título deve ter no máximo ${VIDEO_TITLE_MAX} caracteres.`,
  descriptionTooLong: `A descrição deve ter no máximo ${VIDEO_DESCRIPTION_MAX} caracteres.`,
  categoryInvalid: 'Escolha uma categoria válida: aula, exercícios, dicas ou revisão.',
  videoUrlInvalid: 'Use um link de vídeo http:// ou https://.',
  thumbnailInvalid: 'Use um link de imagem http:// ou https://.',
  durationTyped: 'Digite a duração como 1:02:03, 62:03 ou em segundos.',
  durationInvalid: `A duração deve ser um número inteiro de segundos, de 0 a ${VIDEO_DURATION_MAX} (24 horas).`,
  linksTooMany: `Adicione no máximo ${VIDEO_LINKS_MAX} links.`,
  linkTitleRequired: 'Digite o título do link.',
  linkTitleTooLong: `O título do link deve ter no máximo ${VIDEO_LINK_TITLE_MAX} caracteres.`,
  linkUrlInvalid: 'Use um link http:// ou https://.',
  linkTypeInvalid: "O tipo do link deve ser 'link' ou 'download'.",
  searchTooLong: `A busca deve ter no máximo ${VIDEO_SEARCH_MAX} caracteres.`,
} as const;

export type VideoSource =
  | { kind: 'youtube'; id: string }
  | { kind: 'vimeo'; id: string }
  | { kind: 'mp4' }
  | { kind: 'other' };

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const YOUTUBE_ID = /^[\w-]{11}$/;

/**
 * What a video link points at: a YouTube video (youtube.com/watch?v=, youtu.be/, /embed/, /shorts/,
 * /live/), a Vimeo video (vimeo.com/{id}, player.vimeo.com/video/{id}), an .mp4 file, or anything else.
 * The server picks thumbnails with it, the web app its player.
 */
export function videoSource(link: string): VideoSource {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { kind: 'other' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'other' };
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let youtubeId: string | undefined;
  if (host === 'youtu.be') youtubeId = segments[0];
  else if (YOUTUBE_HOSTS.has(host) || host === 'www.youtube-nocookie.com') {
    if (segments[0] === 'watch') youtubeId = url.searchParams.get('v') ?? undefined;
    else if (segments[0] === 'embed' || segments[0] === 'shorts' || segments[0] === 'live')
      youtubeId = segments[1];
  }
  if (youtubeId !== undefined)
    return YOUTUBE_ID.test(youtubeId) ? { kind: 'youtube', id: youtubeId } : { kind: 'other' };

  const vimeoId =
    host === 'vimeo.com' || host === 'www.vimeo.com'
      ? segments[0] === 'channels'
        ? segments[2]
        : segments[0]
      : host === 'player.vimeo.com' && segments[0] === 'video'
        ? segments[1]
        : undefined;
  if (vimeoId !== undefined && /^\d+$/.test(vimeoId)) return { kind: 'vimeo', id: vimeoId };
  if (/\.mp4$/i.test(url.pathname)) return { kind: 'mp4' };
  return { kind: 'other' };
}
