import {
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  type MediaPurpose,
  type UploadedMedia,
} from '@estudai/contract/constants';
import { ApiError } from './api.ts';

/** A photo on a slow phone link takes longer than an API call may (10 s): a minute and a half. */
const UPLOAD_TIMEOUT_MS = 90_000;
const NO_REPLY = 'Servidor não respondeu. Verifique sua conexão.';

/** Why this file cannot go as `purpose`, before sending a byte; null when it may. */
export function mediaFileProblem(file: File, purpose: MediaPurpose): string | null {
  if (purpose === 'post_attachment') {
    if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return MEDIA_MESSAGES.notPdf;
  } else if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') {
    return MEDIA_MESSAGES.notImage;
  }
  return file.size > MEDIA_MAX_BYTES ? MEDIA_MESSAGES.tooLarge : null;
}

/**
 * `POST /api/media` with the file as multipart, reporting how much has gone (0 to 1): XHR, since
 * fetch tells nothing of an upload's progress. Fails with an ApiError carrying the server's message.
 */
export function uploadMedia(
  file: File,
  purpose: MediaPurpose,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedMedia> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append('purpose', purpose);
    body.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media');
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let payload: { data?: UploadedMedia; error?: unknown; code?: unknown } = {};
      try {
        payload = JSON.parse(xhr.responseText || '{}');
      } catch {
        payload = {};
      }
      if (xhr.status >= 200 && xhr.status < 300 && payload.data) {
        onProgress?.(1);
        resolve(payload.data);
        return;
      }
      const message =
        typeof payload.error === 'string' && payload.error ? payload.error : MEDIA_MESSAGES.uploadFailed;
      const code = typeof payload.code === 'string' ? payload.code : `HTTP_${xhr.status}`;
      reject(new ApiError(message, xhr.status, code));
    });
    const noReply = () => reject(new ApiError(NO_REPLY, 0, 'NO_REPLY'));
    xhr.addEventListener('error', noReply);
    xhr.addEventListener('timeout', noReply);
    xhr.addEventListener('abort', () => reject(new DOMException('Envio cancelado', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
