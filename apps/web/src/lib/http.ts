import type { HttpMethod } from '@parley/contract';

/**
 * One HTTP request as the console sends it: the API client (`/api`) and the identity client
 * (`/identity`) both go through here and differ only in the headers they add and how they read
 * a failure.
 */
export type HttpRequest = {
  method: HttpMethod;
  url: string;
  /** Added to `accept: application/json` (and the JSON content type when the body is JSON). */
  headers?: Record<string, string>;
  /** Sent as JSON, except a FormData, which goes as multipart (the browser writes the boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Upload progress, 0…1. The request then goes by XMLHttpRequest: fetch reports no upload
   * progress, and a 5 MB upload on a slow line needs a progress bar.
   */
  onUploadProgress?: (fraction: number) => void;
};

type Encoded = { method: HttpMethod; headers: Record<string, string>; body: string | FormData | undefined };

const encode = ({ method, headers = {}, body }: HttpRequest): Encoded => {
  const all: Record<string, string> = { accept: 'application/json', ...headers };
  if (body === undefined || body instanceof FormData) return { method, headers: all, body };
  all['content-type'] = 'application/json';
  return { method, headers: all, body: JSON.stringify(body) };
};

/** Statuses whose answer has no body (a Response refuses one). */
const noBody = (status: number) => status === 204 || status === 205 || status === 304;

const sendWithProgress = (
  url: string,
  { method, headers, body }: Encoded,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) =>
  new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve(
        new Response(noBody(xhr.status) ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
        }),
      );
    // Like fetch: no answer at all is a TypeError, an abort an AbortError.
    xhr.onerror = () => reject(new TypeError('Upload failed'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body ?? null);
  });

/** Sends one request; rejects only when no answer arrived (offline, refused, aborted). */
export const httpRequest = (request: HttpRequest): Promise<Response> => {
  const encoded = encode(request);
  if (request.onUploadProgress) {
    return sendWithProgress(request.url, encoded, request.onUploadProgress, request.signal);
  }
  return fetch(request.url, { ...encoded, credentials: 'same-origin', signal: request.signal });
};
