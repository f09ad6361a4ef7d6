/** The browser's calls to our own JSON API: one shape for answers and refusals, never a thrown error. */

export interface ApiRefusal {
  ok: false;
  /** 0: the network failed (offline, the server unreachable). */
  status: number;
  code: string;
  message: string;
  details: Record<string, string | number | boolean | null>;
}

export type ApiAnswer<T> = { ok: true; status: number; data: T } | ApiRefusal;

export async function apiJson<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      credentials: "same-origin",
      headers: { accept: "application/json", ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch {
    return { ok: false, status: 0, code: "network", message: "", details: {} };
  }
  const body = (await response.json().catch(() => null)) as {
    data?: T;
    error?: { code?: string; message?: string; details?: ApiRefusal["details"] };
  } | null;
  if (response.ok) return { ok: true, status: response.status, data: (body?.data ?? body) as T };
  const retryAfter = Number(response.headers.get("Retry-After"));
  return {
    ok: false,
    status: response.status,
    code: body?.error?.code ?? "internal",
    message: body?.error?.message ?? "",
    details: { ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}), ...body?.error?.details },
  };
}
