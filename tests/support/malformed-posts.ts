// Malformed form posts, shared by the input test (tests/integration/form-input.test.ts) and the
// hardening probes (bench/security/input.ts): every route with an action, the content-type and
// empty-body cases, NUL characters and hand-broken bodies, made from a fixed seed so a failure
// replays the same way.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROUTES_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), "../../app/routes");

export type Who = "signed-out" | "candidate" | "employer";

export interface ActionRoute {
  /** The route file, e.g. "employer.jobs.$id_.details.tsx" or "candidate.jobs.$id_.apply/route.tsx". */
  file: string;
  /** A URL that reaches its action, with `ids` filled in. */
  path: string;
  /** Who reaches the form: the action reads it after checking the role. */
  who: Who[];
}

/** Each route module: a flat file ("auth.tsx") or a route folder's route.tsx ("account/route.tsx"). */
function routeFiles(): string[] {
  return readdirSync(ROUTES_DIR, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      const inside = readdirSync(path.join(ROUTES_DIR, entry.name)).find((f) => /^route\.tsx?$/.test(f));
      return inside ? [`${entry.name}/${inside}`] : [];
    }
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [entry.name] : [];
  });
}

/** Every route in app/routes that exports an action, as a URL with real ids. */
export function actionRoutes(ids: { jobId: string; applicationId: string }): ActionRoute[] {
  return routeFiles()
    .filter((file) =>
      /export (async )?function action\b|export const action\b/.test(readFileSync(path.join(ROUTES_DIR, file), "utf8")),
    )
    .map((file) => {
      const segments = file
        .replace(/\/route\.tsx?$|\.tsx?$/, "")
        .split(/(?<!\[)\.(?!\])/)
        .map((s) => s.replace(/\[\.\]/g, ".").replace(/_$/, ""))
        .filter((s) => s !== "_index")
        .map((s) =>
          s === "$" ? "anything" : s === "$id" ? ids.jobId : s === "$applicationId" ? ids.applicationId : s,
        );
      const url = "/" + segments.join("/");
      const who: Who[] = url.startsWith("/candidate")
        ? ["candidate"]
        : url.startsWith("/employer")
          ? ["employer"]
          : url === "/account" || url.startsWith("/account/")
            ? ["candidate", "employer"]
            : ["signed-out"];
      return { file, path: url, who };
    });
}

export const BOUNDARY = "----hirewise-malformed";
export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
export const URLENCODED = "application/x-www-form-urlencoded";

export interface BodyCase {
  name: string;
  /** null: no Content-Type header at all. */
  type: string | null;
  /** null: no body at all. */
  body: string | Uint8Array | null;
}

/** A small, fixed pseudo-random sequence (mulberry32), so a fuzz run replays exactly. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    bytes: (n: number) => Uint8Array.from({ length: n }, () => Math.floor(next() * 256)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

const part = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/**
 * Malformed bodies for one action: the usual field names of our forms with NUL characters, broken
 * percent-encoding, bytes that are not UTF-8, odd field names, wrong and missing types, truncated
 * and mismatched multipart, and `random` bodies of random bytes under random types.
 */
export function fuzzBodies(seed: number, random = 12): BodyCase[] {
  const rng = seeded(seed);
  const fields = [
    "intent",
    "step",
    "mode",
    "email",
    "password",
    "full_name",
    "title",
    "description",
    "benefits[0]",
    "questions[0].question_text",
    "answer_x",
    "theme",
    "jobId",
    "listing",
    "redirectTo",
  ];
  const types = [
    URLENCODED,
    MULTIPART,
    "multipart/form-data",
    "text/plain",
    "application/json",
    "application/octet-stream",
    "",
    ";;;=",
    `${URLENCODED}; charset=utf-16`,
    "multipart/mixed; boundary=x",
  ];
  const cases: BodyCase[] = [
    {
      name: "NUL in every field",
      type: URLENCODED,
      body: fields.map((f) => `${encodeURIComponent(f)}=a%00b`).join("&"),
    },
    { name: "NUL in field names", type: URLENCODED, body: "int%00ent=next&%00=x" },
    { name: "raw NUL bytes", type: URLENCODED, body: "intent=\0&step=\0\0" },
    { name: "broken percent-encoding", type: URLENCODED, body: "intent=%zz&step=%&title=%E0%A4%A&email=%C0%AF" },
    {
      name: "bytes that are not UTF-8",
      type: URLENCODED,
      body: Uint8Array.from([0x69, 0x6e, 0x74, 0x65, 0x6e, 0x74, 0x3d, 0xff, 0xfe, 0xc3, 0x28]),
    },
    {
      name: "a huge list index",
      type: URLENCODED,
      body: "questions[99999999].question_text=x&benefits[4294967295]=y&intent=add-question",
    },
    {
      name: "prototype names",
      type: URLENCODED,
      body: "__proto__[x]=1&constructor[prototype][y]=2&questions[__proto__]=z",
    },
    {
      name: "the same field many times",
      type: URLENCODED,
      body: Array.from({ length: 500 }, (_, i) => `intent=${i}`).join("&"),
    },
    { name: "only separators", type: URLENCODED, body: "&&&==&=" },
    { name: "NUL in a multipart field", type: MULTIPART, body: part("intent", "up\0load") + `--${BOUNDARY}--\r\n` },
    { name: "multipart cut off", type: MULTIPART, body: part("intent", "upload").slice(0, 40) },
    {
      name: "multipart with another boundary",
      type: MULTIPART,
      body: '--other\r\nContent-Disposition: form-data; name="intent"\r\n\r\nx\r\n--other--\r\n',
    },
    {
      name: "multipart with a broken header",
      type: MULTIPART,
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="resume"; filename="a\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    },
    {
      name: "multipart file in every field",
      type: MULTIPART,
      body:
        fields
          .map((f) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f}"; filename="x.pdf"\r\n\r\n%PDF\r\n`)
          .join("") + `--${BOUNDARY}--\r\n`,
    },
    { name: "JSON", type: "application/json", body: '{"intent":"next","title":"x"}' },
    { name: "no type, no body", type: null, body: null },
  ];
  for (let i = 0; i < random; i++)
    cases.push({ name: `random body ${i + 1}`, type: rng.pick(types), body: rng.bytes(1 + rng.int(2048)) });
  return cases;
}

/** The content-type and empty-body cases, each with the status it must get. */
export interface TypeCase extends BodyCase {
  /** Where it goes: "urlencoded" (the sign-in form), "upload" (an account image) or "apply" (the resume step). */
  target: "urlencoded" | "upload" | "apply";
  status: 400 | 415;
}

const truncated = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 half a fi`;

export const TYPE_CASES: TypeCase[] = [
  { target: "urlencoded", name: "POST with no body and no Content-Type", type: null, body: null, status: 415 },
  { target: "urlencoded", name: "empty urlencoded body", type: URLENCODED, body: "", status: 400 },
  {
    target: "urlencoded",
    name: "text/plain",
    type: "text/plain",
    body: "mode=signin&email=a@example.com&password=x",
    status: 415,
  },
  {
    target: "urlencoded",
    name: "application/json",
    type: "application/json",
    body: '{"mode":"signin","email":"a@example.com"}',
    status: 415,
  },
  {
    target: "urlencoded",
    name: "application/octet-stream",
    type: "application/octet-stream",
    body: "\u0000\u0001binary",
    status: 415,
  },
  {
    target: "urlencoded",
    name: "multipart without a boundary",
    type: "multipart/form-data",
    body: part("mode", "signin"),
    status: 415,
  },
  {
    target: "urlencoded",
    name: "multipart to a urlencoded action",
    type: MULTIPART,
    body: part("mode", "signin") + `--${BOUNDARY}--\r\n`,
    status: 415,
  },
  {
    target: "urlencoded",
    name: "invalid percent-encoding",
    type: URLENCODED,
    body: "mode=signin&email=%E0%A4%A&password=%zz",
    status: 400,
  },
  { target: "urlencoded", name: "a Content-Type of separators", type: ";;;=", body: "mode=signin", status: 415 },
  {
    target: "upload",
    name: "urlencoded to an upload action",
    type: URLENCODED,
    body: "intent=email-notifications",
    status: 415,
  },
  {
    target: "upload",
    name: "multipart without a boundary to an upload action",
    type: "multipart/form-data",
    body: part("intent", "upload"),
    status: 400,
  },
  { target: "upload", name: "truncated multipart", type: MULTIPART, body: truncated, status: 400 },
  { target: "upload", name: "multipart with an empty body", type: MULTIPART, body: "", status: 400 },
  { target: "apply", name: "truncated multipart to the resume step", type: MULTIPART, body: truncated, status: 400 },
];

/** Sends one body case; `cookie` signs it in. Answers the status (the body is read and dropped). */
export async function postCase(base: string, url: string, c: BodyCase, cookie: string | null): Promise<number> {
  const headers: Record<string, string> = { Origin: base };
  if (c.type !== null) headers["Content-Type"] = c.type;
  if (cookie) headers.Cookie = cookie;
  const response = await fetch(base + url, {
    method: "POST",
    redirect: "manual",
    headers,
    body: c.body === null ? undefined : typeof c.body === "string" ? c.body : new Uint8Array(c.body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A multipart body with one resume part whose Content-Disposition is given as is. */
export function resumePost(disposition: string, pdf: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    Buffer.concat([
      Buffer.from(part("step", "2") + part("intent", "upload")),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  );
}

/** File names from the list: how each is sent, and how it is shown once uploaded. */
export const FILE_NAMES: { sent: string; shown: string }[] = [
  { sent: 'form-data; name="resume"; filename="CV; final.pdf"', shown: "CV final.pdf" },
  { sent: 'form-data; name="resume"; filename="a=b; c=d.pdf"', shown: "ab cd.pdf" },
  { sent: 'form-data; name="resume"; filename="Ada %22The Countess%22 CV.pdf"', shown: "Ada The Countess CV.pdf" },
  { sent: 'form-data; name="resume"; filename="Ada \\"Q\\" CV.pdf"', shown: "Ada Q CV.pdf" },
  {
    sent: "form-data; name=\"resume\"; filename*=UTF-8''%E5%B1%A5%E6%AD%B4%E6%9B%B8%3B%20v2.pdf",
    shown: "履歴書 v2.pdf",
  },
  { sent: 'form-data; name="resume"; filename="Łukasz Żółć — CV.pdf"', shown: "Łukasz Żółć CV.pdf" },
  { sent: 'form-data; name="resume"; filename="履歴書.pdf"', shown: "履歴書.pdf" },
];
