import type { ApiErrorBody } from '@parley/contract';

/**
 * The one error type of every failed API call (D3's `{code, message, field?}` plus the status), and
 * the one reading of an answer, for the console's client (api-client.ts) and the public pages'
 * (public-api.ts). Free of zod, so the public pages stay light (docs/architecture.md).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.field = body.field;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

const isErrorBody = (value: unknown): value is ApiErrorBody => {
  const v = value as Partial<Record<keyof ApiErrorBody, unknown>> | null;
  return (
    typeof v?.code === 'string' &&
    typeof v.message === 'string' &&
    (v.field === undefined || typeof v.field === 'string')
  );
};

/** A failed answer as an ApiError: its `{code, message, field}` when it has one, else `http/<status>`. */
export const toApiError = async (response: Response): Promise<ApiError> => {
  const json: unknown = await response.json().catch(() => null);
  return new ApiError(
    response.status,
    isErrorBody(json)
      ? { code: json.code, message: json.message, ...(json.field === undefined ? {} : { field: json.field }) }
      : { code: `http/${response.status}`, message: response.statusText || 'Request failed' },
  );
};

/** The body of a successful answer (undefined for 204 or an empty body). */
export const readBody = async <T>(response: Response): Promise<T> => {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
};

/** No answer arrived at all (offline, DNS, refused connection), or it was not JSON. */
export const noAnswerError = (cause: unknown): ApiError =>
  new ApiError(0, {
    code: cause instanceof SyntaxError ? 'http/invalid-json' : 'network',
    message: cause instanceof Error ? cause.message : String(cause),
  });
