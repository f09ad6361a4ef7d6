/** The browser's calls to our own JSON API: one shape for answers and refusals, never a thrown error. */

export interface ApiRefusal {
  ok: false;
  /** 0: the network failed (offline, the server unreachable). */
  status: number;
  code: string;
  message: string;
  details: Record<string, string | number | boolean | null>;
}

/** `data` is the answer's `data` (or the whole answer when it has none); `body` is the whole answer (`unread`, `nextBefore`…). */
export type ApiAnswer<T, Body = Record<string, unknown>> = { ok: true; status: number; data: T; body: Body } | ApiRefusal;

export async function apiJson<T, Body = Record<string, unknown>>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<ApiAnswer<T, Body>> {
  let response: Response;
  // A form (files) goes as multipart, its boundary set by the browser; anything else as JSON.
  const form = init.body instanceof FormData ? init.body : undefined;
  const json = init.body !== undefined && !form;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      credentials: "same-origin",
      headers: { accept: "application/json", ...(json ? { "content-type": "application/json" } : {}) },
      body: form ?? (json ? JSON.stringify(init.body) : undefined),
      signal: init.signal,
    });
  } catch {
    return { ok: false, status: 0, code: "network", message: "", details: {} };
  }
  const body = (await response.json().catch(() => null)) as {
    data?: T;
    error?: { code?: string; message?: string; details?: ApiRefusal["details"] };
  } | null;
  if (response.ok) return { ok: true, status: response.status, data: (body?.data ?? body) as T, body: body as Body };
  const retryAfter = Number(response.headers.get("Retry-After"));
  return {
    ok: false,
    status: response.status,
    code: body?.error?.code ?? "internal",
    message: body?.error?.message ?? "",
    details: { ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}), ...body?.error?.details },
  };
}
