import { MEDIA_URLS_MAX } from './posts.constants.ts';

/**
 * `POST /api/media`: what an upload is for. A post's photo, a post's PDF, a group's cover, and an
 * essay's image (issue 38: the photo of a handwritten page, or a proposal's motivating image), and a
 * resolution's image (issue 40).
 */
export const MEDIA_PURPOSES = [
  'post_image',
  'post_attachment',
  'group_cover',
  'essay_image',
  'resolution_image',
] as const;
export type MediaPurpose = (typeof MEDIA_PURPOSES)[number];
/**
 * What a stored image may be for: an upload's purpose, a profile's photo (issue 43's check), or an
 * image an imported Anki card brought (issue 42; never sent through `POST /api/media`).
 */
export const STORED_IMAGE_PURPOSES = [...MEDIA_PURPOSES, 'avatar', 'card_image'] as const;
export type StoredImagePurpose = (typeof STORED_IMAGE_PURPOSES)[number];

/** Each file as sent, before the server re-encodes it. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** Images are stored as WebP at most this long on their long side. */
export const MEDIA_IMAGE_MAX_SIDE = 2048;

/**
 * Issue 43: what the image check said of an upload. `pending`: not checked yet (shown blurred);
 * `sensitive`: blurred for adults, never sent to minors; `blocked`: hidden from everyone but its
 * uploader until a moderator decides. PDFs and files from before the check are `ok`.
 */
export const MEDIA_SENSITIVITIES = ['pending', 'ok', 'sensitive', 'blocked'] as const;
export type MediaSensitivity = (typeof MEDIA_SENSITIVITIES)[number];
/** What a moderator may decide of an image. */
export const MEDIA_DECISIONS = ['ok', 'sensitive', 'blocked'] as const;

export const MEDIA_ERROR_CODES = {
  invalidFile: 'INVALID_FILE',
  notUploaded: 'MEDIA_NOT_UPLOADED',
  imageNotFound: 'IMAGE_NOT_FOUND',
} as const;

export const MEDIA_MESSAGES = {
  purposeInvalid:
    'Diga para que é o arquivo: post_image, post_attachment, group_cover, essay_image ou resolution_image.',
  fileMissing: 'Escolha um arquivo para enviar.',
  notImage: 'Envie uma imagem JPG, PNG, WebP, GIF ou AVIF.',
  notPdf: 'O anexo precisa ser um arquivo PDF.',
  tooLarge: 'Cada arquivo pode ter no máximo 10 MB.',
  tooManyPixels: 'Essa imagem é grande demais. Envie uma com menos de 40 megapixels.',
  tooManyImages: `Escolha no máximo ${MEDIA_URLS_MAX} imagens.`,
  uploadFailed: 'Não foi possível enviar o arquivo. Tente novamente.',
  /** Issue 37: a photo or attachment post takes only files its author sent here, never outside addresses. */
  photoNotUploaded: 'Envie as fotos pelo botão Foto: endereços de imagens de outros sites não são aceitos.',
  attachmentNotUploaded:
    'Envie os PDFs pelo botão Anexo: endereços de arquivos de outros sites não são aceitos.',
  /** Issue 43: the cover over a sensitive (or not yet checked) image. */
  sensitiveCover: 'Conteúdo sensível — toque para ver',
  pendingCover: 'Verificando imagem…',
  blockedImage: 'Imagem oculta até a revisão da moderação.',
  hiddenForMinor: 'Imagem oculta: conteúdo sensível.',
  imageNotFound: 'Imagem não encontrada.',
  decisionInvalid: 'Escolha ok, sensitive ou blocked.',
  moderatorsOnly: 'Apenas moderadores podem revisar imagens.',
  /** The moderator's toast after a decision. */
  decided: {
    ok: 'Imagem liberada para todos.',
    sensitive: 'Imagem mantida como sensível: borrada para adultos, fora do alcance de menores.',
    blocked: 'Imagem bloqueada: só quem enviou a vê.',
  },
} as const;
