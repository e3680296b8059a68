// Talking to the running server the way a browser with JavaScript off does: form posts with the
// site's Origin, the session cookie, and redirects left unfollowed so tests can read them.
import { request as httpRequest } from "node:http";
import { formPost, multipartBody, type Part } from "../fixtures/files.ts";

/** The session cookie's pair (`__session=…`, or `__Host-session=…` when the server is on https) that `response` sets, or null. */
export const sessionCookieOf = (response: Response): string | null =>
  response.headers
    .getSetCookie()
    .find((c) => /^(__session|__Host-session)=[^;]/.test(c))
    ?.split(";")[0] ?? null;

/** The flash notice's cookie pair (`__flash=…`, or `__Host-flash=…` on https) that `response` sets, or null. */
export const flashCookieOf = (response: { headers: Headers }): string | null =>
  response.headers
    .getSetCookie()
    .find((c) => /^(__flash|__Host-flash)=[^;]/.test(c))
    ?.split(";")[0] ?? null;

/** Where a redirect sends the browser, and the cookies it sends there: the session's and the notice the redirect set. */
function nextRequest(answer: { status: number; headers: Headers }, session: string | null) {
  const location = redirectedTo(answer);
  if (!location) throw new Error(`expected a redirect, got ${answer.status}`);
  const cookies = [session, flashCookieOf(answer)].filter(Boolean).join("; ");
  return { location, headers: cookies ? { Cookie: cookies } : ({} as Record<string, string>) };
}

/** One person's requests to `baseUrl`; `cookie` is the session cookie's pair, or null when signed out. */
export interface HttpClient {
  cookie: string | null;
  get(path: string): Promise<Response>;
  /** The GET a browser makes after `redirect`: its Location, with the notice cookie it set (app/flash.server.ts). */
  follow(redirect: { status: number; headers: Headers }): Promise<Response>;
  /** A urlencoded form post, as a plain `<form method="post">` sends it. */
  post(path: string, fields: Record<string, string>): Promise<Response>;
  /** A multipart form post (file fields and text fields), as `encType="multipart/form-data"` sends it. */
  postMultipart(path: string, parts: Part[]): Promise<Response>;
}

export function httpClient(baseUrl: string, cookie: string | null = null): HttpClient {
  const headers = (extra: Record<string, string> = {}) => ({
    Origin: baseUrl,
    ...(cookie ? { Cookie: cookie } : {}),
    ...extra,
  });
  return {
    cookie,
    get: (path) => fetch(baseUrl + path, { redirect: "manual", headers: headers() }),
    follow: (answer) => {
      const next = nextRequest(answer, cookie);
      return fetch(new URL(next.location, baseUrl), { redirect: "manual", headers: next.headers });
    },
    post: (path, fields) =>
      fetch(baseUrl + path, {
        method: "POST",
        redirect: "manual",
        headers: headers({ "Content-Type": "application/x-www-form-urlencoded" }),
        body: new URLSearchParams(fields).toString(),
      }),
    postMultipart: (path, parts) => {
      const body = multipartBody(parts);
      return fetch(baseUrl + path, {
        method: "POST",
        redirect: "manual",
        headers: headers({ "Content-Type": MULTIPART_TYPE, "Content-Length": String(body.length) }),
        body: new Uint8Array(body),
      });
    },
  };
}

// The Content-Type (with the boundary) that goes with multipartBody().
const MULTIPART_TYPE = formPost([]).headers.get("Content-Type")!;

/** Signs in through the /auth form and returns a client carrying the session cookie. */
export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<HttpClient> {
  const response = await httpClient(baseUrl).post("/auth?mode=signin", { mode: "signin", email, password });
  const session = sessionCookieOf(response);
  if (response.status !== 302 || !session)
    throw new Error(`signing in ${email} answered ${response.status} without a session cookie`);
  return httpClient(baseUrl, session);
}

/** Where a redirect goes, as its Location header says (null when the answer is no redirect). */
export function redirectedTo(response: Pick<Response, "status" | "headers">): string | null {
  return response.status >= 300 && response.status < 400 ? response.headers.get("Location") : null;
}

/** Sends every request at once and reads every answer whole. */
export async function together(
  requests: (() => Promise<Response>)[],
): Promise<{ status: number; location: string | null; body: string; headers: Headers }[]> {
  const responses = await Promise.all(requests.map((send) => send()));
  return Promise.all(
    responses.map(async (r) => ({
      status: r.status,
      location: redirectedTo(r),
      body: await r.text(),
      headers: r.headers,
    })),
  );
}

/** The post wizard's first step as the browser posts it: Next with a complete job. */
export const wizardDetailsPost = (title: string, company = "Quantum Widgets") => ({
  step: "1",
  intent: "next",
  title,
  company_name: company,
  location: "Austin, TX, United States",
  location_type: "onsite",
  employment_type: "FULLTIME",
  category: "Software Engineering",
  salary_min: "",
  salary_max: "",
  salary_currency: "USD",
  requirements: "Experience shipping software.",
  description: "A role on our team.",
  skills: "",
  experience_level: "",
});

/**
 * Like httpClient, but every connection leaves from `localAddress` (another loopback address, such
 * as 127.0.0.7), so the server sees another client address: for tests of limits per address that
 * must not use up 127.0.0.1's for the rest of a file (or a bench run).
 */
export function httpClientFrom(baseUrl: string, localAddress: string, cookie: string | null = null): HttpClient {
  const send = (path: string, method: string, extra: Record<string, string> = {}, body?: string) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(path, baseUrl);
      const headers = { Origin: baseUrl, ...(cookie ? { Cookie: cookie } : {}), ...extra };
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method,
          headers,
          localAddress,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const answer = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              for (const v of [value ?? []].flat()) answer.append(name, v);
            const status = res.statusCode ?? 0;
            resolve(
              new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), {
                status,
                headers: answer,
              }),
            );
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  return {
    cookie,
    get: (path) => send(path, "GET"),
    post: (path, fields) =>
      send(
        path,
        "POST",
        { "Content-Type": "application/x-www-form-urlencoded" },
        new URLSearchParams(fields).toString(),
      ),
    postMultipart: () => Promise.reject(new Error("httpClientFrom sends urlencoded forms only")),
    follow: (answer) => {
      const next = nextRequest(answer, cookie);
      return send(next.location, "GET", next.headers);
    },
  };
}
