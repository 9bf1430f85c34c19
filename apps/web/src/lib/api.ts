import { API_TIMEOUT_MS, ErrorCode, UNAUTHENTICATED_MESSAGE } from '@estudai/contract/constants';

const NO_REPLY_MESSAGE = 'Servidor não respondeu. Verifique sua conexão.';
const UNKNOWN_SERVER_ERROR = 'Erro desconhecido';
const UNEXPECTED_ERROR = 'Ocorreu um erro inesperado.';

/**
 * Every failed call, mapped as spec §8 says: a message to show and the HTTP status (0: no reply),
 * and for a 429 the seconds its Retry-After asks to wait (null when it did not say).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly retryAfterSeconds: number | null = null,
    /** The error reply's other fields (a 409 may name what it conflicts with, as `id`). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** 'return-null' answers a 401 with null instead of throwing (e.g. "who is signed in?"). */
  on401?: 'throw' | 'return-null';
  /** Resolve with the whole reply instead of its `data` (pages carry `hasMore` beside it). */
  wholeBody?: boolean;
}

type Body = { data?: unknown; error?: unknown; message?: unknown; code?: unknown; [field: string]: unknown };

async function readBody(response: Response): Promise<Body> {
  const text = await response.text();
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Body) : {};
  } catch {
    return {};
  }
}

const asText = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** Turns whatever went wrong into an ApiError (spec §8). */
function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error && error.message ? error.message : UNEXPECTED_ERROR;
  return new ApiError(message, 0, 'UNEXPECTED');
}

/** Settles true once the request under way that ends the session has ended it; null when none is. */
let sessionEnding: Promise<boolean> | null = null;
/** How many signed-in screens (the shell) are mounted, and whether this tab ended its session under them. */
let signedInScreens = 0;
let endedUnderScreens = false;

/**
 * The shell marks its life: once this tab has ended its session, the signed-in screens still on
 * show until the router takes them away ask nothing more (it could only come back 401).
 */
export function signedInScreenMounted(): () => void {
  signedInScreens += 1;
  return () => {
    signedInScreens -= 1;
    if (signedInScreens === 0) endedUnderScreens = false;
  };
}

/**
 * Runs the request that ends the session (signing out, deleting the account), then `onEnded`, which
 * signs this tab out, before anything else can ask the server. A read asked while it is under way
 * (a badge asked again as the live connection opens, say) waits for it and, once the session is
 * over, is not sent: it could only come back 401, and the screen that asked is about to go. A write
 * goes at once (an e-mail link's code is sent as the page signs out); a read sent before is left
 * alone.
 */
export async function endSession<T>(request: () => Promise<T>, onEnded: (reply: T) => void): Promise<T> {
  const reply = request();
  const ending = reply.then(
    () => true,
    () => false,
  );
  sessionEnding = ending;
  try {
    const result = await reply;
    endedUnderScreens = signedInScreens > 0;
    onEnded(result);
    return result;
  } finally {
    if (sessionEnding === ending) sessionEnding = null;
  }
}

/** Whether this tab is ending its session right now, or its signed-in screens are still leaving. */
export const isEndingSession = (): boolean => sessionEnding !== null || endedUnderScreens;

/** Calls `/api{path}` with JSON and the session cookie; resolves with the reply's `data`. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, on401 = 'throw', wholeBody = false } = options;
  if (method === 'GET' && (endedUnderScreens || (sessionEnding && (await sessionEnding)))) {
    if (on401 === 'return-null') return null as T;
    throw new ApiError(UNAUTHENTICATED_MESSAGE, 401, ErrorCode.unauthenticated);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', abortFromCaller, { once: true });

  try {
    let response: Response;
    try {
      // A FormData body (a file upload) goes as multipart: the browser writes its content type.
      const isForm = body instanceof FormData;
      response = await fetch(`/api${path}`, {
        method,
        credentials: 'same-origin',
        headers:
          body === undefined || isForm
            ? { accept: 'application/json' }
            : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      // The caller gave up (e.g. a query was cancelled): not the server's fault, pass it on.
      if (signal?.aborted) throw error;
      throw new ApiError(NO_REPLY_MESSAGE, 0, 'NO_REPLY');
    }

    const payload = await readBody(response);
    if (response.ok) return (wholeBody ? payload : payload.data) as T;
    if (response.status === 401 && on401 === 'return-null') return null as T;
    const message = asText(payload.error) ?? asText(payload.message) ?? UNKNOWN_SERVER_ERROR;
    const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
    const { error: _error, code, message: _message, data: _data, ...details } = payload;
    throw new ApiError(
      message,
      response.status,
      asText(code) ?? `HTTP_${response.status}`,
      Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null,
      details,
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    // The timeout may also fire while the body is still arriving.
    if (!(error instanceof ApiError) && controller.signal.aborted) {
      throw new ApiError(NO_REPLY_MESSAGE, 0, 'NO_REPLY');
    }
    throw toApiError(error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
}

/** A page of a list (spec §3): its items, whether more exist, and the cursor to the next one. */
export interface ApiPage<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string | null;
}

type CallOptions = Omit<RequestOptions, 'method' | 'body' | 'wholeBody'>;

export const api = {
  get: <T>(path: string, options?: CallOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  /** `Extra`: what a list's reply carries beside the page (the bank's `total`). */
  getPage: <T, Extra extends object = object>(path: string, options?: CallOptions) =>
    apiRequest<ApiPage<T> & Extra>(path, { ...options, method: 'GET', wholeBody: true }),
  post: <T>(path: string, body?: unknown, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: CallOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
