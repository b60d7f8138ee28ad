// The route helpers alone: the contract's index would bring every schema (see lib/api-routes.ts).
import { type RouteDef, type RouteInput, type RouteResponse, routeCallUrl } from '@parley/contract/route';
import { type ApiError, isAbort, noAnswerError, readBody, toApiError } from '@/lib/api-error';
import { expireSession, getIdToken, refreshIdToken } from '@/lib/auth/session';
import { httpRequest } from '@/lib/http';

export { ApiError, isApiError } from '@/lib/api-error';

/** Anti-forgery names, axios-style (read the cookie, echo it in the header). */
export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';

type AppCheckTokenProvider = () => Promise<string>;
let appCheckTokenProvider: AppCheckTokenProvider = async () => '';

/** D5: the X-Firebase-AppCheck header stays empty unless an app-check provider is plugged in. */
export const setAppCheckTokenProvider = (provider: AppCheckTokenProvider): void => {
  appCheckTokenProvider = provider;
};

export type CallOptions = {
  /** Return undefined instead of throwing (the error is still logged). */
  skipThrowError?: boolean;
  signal?: AbortSignal;
};

const readCookie = (name: string): string | null => {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeURIComponent(cookie.slice(prefix.length));
  }
  return null;
};

type Payload = {
  /** JSON, or a FormData sent as multipart. */
  body: unknown;
  signal?: AbortSignal;
  onUploadProgress?: (fraction: number) => void;
};

const send = async (route: RouteDef, url: string, { body, signal, onUploadProgress }: Payload) => {
  // Anonymous (public) calls carry an empty identity token.
  const idToken = route.access === 'public' ? '' : await getIdToken();
  const headers: Record<string, string> = {
    'x-auth-token': idToken,
    'X-Firebase-AppCheck': await appCheckTokenProvider(),
  };
  const xsrf = readCookie(xsrfCookieName);
  if (xsrf !== null) headers[xsrfHeaderName] = xsrf;
  return httpRequest({ method: route.method, url, headers, body, signal, onUploadProgress });
};

const fetchWithAuth = async (route: RouteDef, url: string, payload: Payload) => {
  let response = await send(route, url, payload);
  if (response.status !== 401 || route.access === 'public') return response;
  // The token may have been revoked or expired early: one refresh, one retry, then sign out.
  try {
    await refreshIdToken();
    response = await send(route, url, payload);
  } catch (error) {
    if (isAbort(error)) throw error;
  }
  if (response.status === 401) expireSession();
  return response;
};

export function call<R extends RouteDef>(
  route: R,
  input?: RouteInput<R>,
  options?: CallOptions & { skipThrowError?: false },
): Promise<RouteResponse<R>>;
export function call<R extends RouteDef>(
  route: R,
  input: RouteInput<R> | undefined,
  options: CallOptions & { skipThrowError: true },
): Promise<RouteResponse<R> | undefined>;
/**
 * Calls one route of the contract: fills `:params`, encodes the query, sends the body as JSON,
 * and answers the typed response. HTTP errors become ApiError, are logged and rethrown
 * (unless skipThrowError).
 */
export async function call<R extends RouteDef>(
  route: R,
  input: RouteInput<R> = {},
  options: CallOptions = {},
): Promise<RouteResponse<R> | undefined> {
  return request(route, input, { body: input.body, signal: options.signal }, options.skipThrowError);
}

/**
 * POSTs a file as multipart to one route of the contract, reporting upload progress (0…1), with
 * the refresh-and-retry and the errors of every other call.
 */
export const upload = <R extends RouteDef>(
  route: R,
  input: Omit<RouteInput<R>, 'body'>,
  form: FormData,
  options: { signal?: AbortSignal; onProgress: (fraction: number) => void },
): Promise<RouteResponse<R>> =>
  request(route, input, { body: form, signal: options.signal, onUploadProgress: options.onProgress }, false);

/**
 * GETs one route's answer as a file (a CSV download), with the token, the refresh-and-retry and
 * the errors of every other call; the caller saves it (see `saveBlob`).
 */
export const callBlob = async <R extends RouteDef>(
  route: R,
  input: RouteInput<R>,
  options: { signal?: AbortSignal } = {},
): Promise<Blob> => {
  const url = routeCallUrl(route, input);
  let error: ApiError;
  try {
    const response = await fetchWithAuth(route, url, { body: undefined, signal: options.signal });
    if (response.ok) return await response.blob();
    error = await toApiError(response);
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    error = noAnswerError(cause);
  }
  console.error(`[api] ${route.method} ${url} failed: ${error.status} ${error.code}`, error.message);
  throw error;
};

/** Offers a fetched file to the browser's downloads under `fileName`. */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL only after click() returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

function request<R extends RouteDef>(
  route: R,
  input: RouteInput<R>,
  payload: Payload,
  skipThrowError: false,
): Promise<RouteResponse<R>>;
function request<R extends RouteDef>(
  route: R,
  input: RouteInput<R>,
  payload: Payload,
  skipThrowError: boolean | undefined,
): Promise<RouteResponse<R> | undefined>;
async function request<R extends RouteDef>(
  route: R,
  input: RouteInput<R>,
  payload: Payload,
  skipThrowError: boolean | undefined,
): Promise<RouteResponse<R> | undefined> {
  const url = routeCallUrl(route, input);
  let error: ApiError;
  try {
    const response = await fetchWithAuth(route, url, payload);
    if (response.ok) return await readBody<RouteResponse<R>>(response);
    error = await toApiError(response);
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    error = noAnswerError(cause);
  }
  console.error(`[api] ${route.method} ${url} failed: ${error.status} ${error.code}`, error.message);
  if (skipThrowError) return undefined;
  throw error;
}
