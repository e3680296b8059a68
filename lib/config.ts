// Environment, read and checked once at start-up. Everything configurable lives here.
import path from "node:path";
import { z } from "zod";
import { identityProviders } from "./identity-providers.ts";
import { indexingSettings } from "./indexing-settings.ts";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  // When unset the app starts an embedded PostgreSQL with its data under DATA_DIR.
  DATABASE_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  // Optional: a PostgreSQL streaming replica of DATABASE_URL's database. Search, job pages and
  // lists read from it; writes, transactions and the queue stay on the primary; a browser that has
  // just written reads the primary until the replica has its write (docs/decisions/054-read-replica.md).
  DATABASE_READ_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  // Past this lag every read goes to the primary (and /readyz says so).
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  DATA_DIR: z.string().default(".data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  // How long a request waits for a free database connection, and how long one statement may run,
  // before it fails instead of hanging (docs/decisions/025-database-outages.md).
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  // Where `cli backup`/`restore` find pg_dump and pg_restore (the server's major version or newer); unset: the PATH.
  PG_BIN_DIR: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Secure cookies, HSTS and upgrade-insecure-requests need HTTPS: on when PUBLIC_URL is https
  // (production behind TLS), or forced either way here.
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  // A session unused this many days ends, within its 30-day life (sessions are seen at most once a minute).
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(30).default(14),
  // Number of proxy hops to trust for the client address (rate limits, logs).
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  PUBLIC_URL: z.string().url().optional(),
  // SIGTERM: how long the server keeps accepting while traffic still arrives (readiness already
  // fails), and the whole time allowed to drain before it gives up and exits 1.
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(5_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
  // A candidate's status email waits this long: an application moved on meanwhile (Shortlisted,
  // then Interview a moment later) sends only its latest stage's email, not one per click.
  STATUS_EMAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  // Demo accounts on start: on by default with the embedded database, off with DATABASE_URL.
  DEMO_DATA: z.enum(["true", "false"]).optional(),
  // false: the web process does not run queue workers (run `npm run worker` separately).
  RUN_WORKERS: z.enum(["true", "false"]).default("true"),
  // External job search: the built-in sample listings by default; jsearch needs SEARCH_API_KEY (server only).
  SEARCH_PROVIDER: z.enum(["sample", "jsearch", "none"]).default("sample"),
  SEARCH_API_URL: z.string().url().default("https://jsearch.p.rapidapi.com"),
  SEARCH_API_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  // Uploaded files: the local disk under DATA_DIR/files, or an S3-compatible bucket that several
  // web nodes can share. Without keys the SDK's usual credentials apply (environment, instance role).
  STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  S3_ENDPOINT: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  // Bucket in the path (http://host/bucket/key), as MinIO and most self-hosted stores need; on
  // by default when S3_ENDPOINT is set.
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  // Outgoing email: smtp:// or smtps:// with any credentials in the URL (server only). Unset: every
  // message is written to DATA_DIR/mail instead (npm run cli -- mail:list).
  SMTP_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().startsWith("smtp").optional()),
  MAIL_FROM: z.string().min(3).default("Hirewise <no-reply@hirewise.local>"),
  // Who sells plans: Enterprise enquiries and "Request this plan" (without Stripe) go here. Unset:
  // requests go to MAIL_FROM's address, and the Enterprise link to sales@hirewise.app.
  SALES_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.string().email().optional()),
  // Text generation and scoring: built-in (offline) by default; gemini or any OpenAI-compatible
  // server (OpenAI, Ollama, vLLM). The key stays on the server. Model and address default per provider.
  AI_PROVIDER: z.enum(["builtin", "gemini", "openai"]).default("builtin"),
  AI_API_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  AI_MODEL: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  AI_BASE_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  // Limits on expensive actions (lib/quotas.ts), e.g. QUOTAS="csv-exports=20,signups=50". Names and
  // defaults are in QUOTA_DEFAULTS below; windows are fixed.
  QUOTAS: z.string().default(""),
  // false: publishing a job and submitting an application no longer wait for a confirmed email
  // address, and the banner asking for it is gone (sign-up still sends the link). For operators
  // who verify addresses another way.
  REQUIRE_EMAIL_VERIFICATION: z.enum(["true", "false"]).default("true"),
  // The edge cache's switch (lib/http/edge-cache/README.md): "false" renders every page in full and keeps nothing.
  EDGE_CACHE: z.enum(["true", "false"]).default("true"),
  // "false": only candidates' search pages are rendered in full (no shared render with personal holes).
  SHARED_RENDER: z.enum(["true", "false"]).default("true"),
  // Self-service billing through Stripe (docs/decisions/056-billing-with-stripe.md). Unset: no
  // online payment; plan buttons say so and administrators change plans with `cli plans:set`.
  STRIPE_SECRET_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  // The endpoint's signing secret (whsec_…) for POST /billing/webhook.
  STRIPE_WEBHOOK_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  // Another API address (tests' fake Stripe server: http://127.0.0.1:PORT); unset: Stripe's own.
  STRIPE_API_BASE: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  // Google's Indexing API (modules/feeds, decision 079): a service account's JSON key (the text, or
  // the path of the file). Unset: nothing is sent. The two addresses are for tests' fake server.
  GOOGLE_INDEXING_CREDENTIALS: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  GOOGLE_INDEXING_TOKEN_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  GOOGLE_INDEXING_API_URL: z.string().url().default("https://indexing.googleapis.com"),
  // Google's default quota of publish requests a day (counted from midnight Pacific time).
  GOOGLE_INDEXING_DAILY_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(200),
});

/**
 * Quotas on expensive actions, the one table of defaults: how many per window, and per what
 * (an account, a client address, or the whole site). Each web node counts in PostgreSQL.
 */
export const QUOTA_DEFAULTS = {
  // A press of Generate with AI (description or questions): a queued job, and a model call when one is set.
  "ai-generations": { limit: 30, window: "hour", per: "account" },
  // Resume PDFs received and checked in the apply wizard.
  "resume-uploads": { limit: 30, window: "hour", per: "account" },
  // Logos and photos decoded and re-encoded.
  "image-uploads": { limit: 20, window: "hour", per: "account" },
  "csv-exports": { limit: 10, window: "minute", per: "account" },
  // CV PDFs rendered (viewed, downloaded or saved): each costs a render child about a tenth of a second per page.
  "cv-renders": { limit: 60, window: "hour", per: "account" },
  // "Export my data": every stored file of the account read and zipped.
  "data-exports": { limit: 10, window: "hour", per: "account" },
  // "Delete my account" tries: each checks a password, so they are few (a stolen session can't guess it).
  "account-deletions": { limit: 10, window: "hour", per: "account" },
  // New accounts from one client address (argon2 hashing, rows, a queued job each).
  signups: { limit: 20, window: "hour", per: "address" },
  // Sign-ins started with an identity provider (each stores a flow row until it is used or expires).
  "provider-sign-ins": { limit: 300, window: "hour", per: "address" },
  // "Forgot password?" requests from one client address (each queues a lookup and maybe an email).
  "password-reset-requests": { limit: 10, window: "hour", per: "address" },
  // Resend presses for the email confirmation link, per account.
  "verification-emails": { limit: 3, window: "hour", per: "account" },
  // Invitation emails (each re-invite sends a fresh one): per company, and per invited address whoever invites it.
  "team-invitations": { limit: 20, window: "hour", per: "company" },
  "invitations-to-address": { limit: 3, window: "hour", per: "email" },
  // "Someone tried to sign up with your address" emails, per address (sign-up and email change with a taken address).
  "account-exists-notices": { limit: 3, window: "hour", per: "email" },
  // A visitor's application held until its emailed link is opened (one per job): links to one address.
  "held-application-emails": { limit: 5, window: "hour", per: "email" },
  // Messages on applications, company or candidate (each emails the other side).
  messages: { limit: 100, window: "hour", per: "account" },
  // Interview times offered, booked, moved or cancelled: each sends emails with calendar invitations.
  "interview-emails": { limit: 40, window: "hour", per: "account" },
  // Reminders of a scorecard to a colleague (each emails them; one per member and application a day anyway).
  "scorecard-reminders": { limit: 30, window: "hour", per: "account" },
  // "Request this plan" presses that email the operator (a repeated request sends nothing).
  "plan-requests": { limit: 5, window: "hour", per: "account" },
  // Calls to a paid provider, counted for the whole site: the job-search API and the AI model.
  "search-provider-calls": { limit: 60, window: "minute", per: "site" },
  "ai-provider-calls": { limit: 60, window: "minute", per: "site" },
} as const satisfies Record<string, QuotaSettings>;

export type QuotaName = keyof typeof QUOTA_DEFAULTS;
/** `per`: what a quota's key is: an account, a client address, the whole site, a company or an email address. */
export type QuotaSettings = {
  limit: number;
  window: "minute" | "hour";
  per: "account" | "address" | "site" | "company" | "email";
};

/** QUOTA_DEFAULTS with the limits QUOTAS sets ("name=limit,…"); an unknown name or a bad limit stops the start. */
function quotaSettings(value: string): Record<QuotaName, QuotaSettings> {
  const settings: Record<string, QuotaSettings> = { ...QUOTA_DEFAULTS };
  for (const item of value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name = "", limit = ""] = item.split("=").map((s) => s.trim());
    if (!(name in QUOTA_DEFAULTS))
      throw new Error(
        `Invalid environment: QUOTAS names an unknown quota "${name}" (known: ${Object.keys(QUOTA_DEFAULTS).join(", ")})`,
      );
    if (!/^[1-9][0-9]{0,8}$/.test(limit))
      throw new Error(`Invalid environment: QUOTAS needs a whole number of at least 1 for "${name}"`);
    settings[name] = { ...settings[name]!, limit: Number(limit) };
  }
  return settings as Record<QuotaName, QuotaSettings>;
}

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  if (e.SEARCH_PROVIDER === "jsearch" && !e.SEARCH_API_KEY)
    throw new Error("Invalid environment: SEARCH_PROVIDER=jsearch needs SEARCH_API_KEY");
  if (e.STORAGE === "s3" && !e.S3_BUCKET) throw new Error("Invalid environment: STORAGE=s3 needs S3_BUCKET");
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw new Error("Invalid environment: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together");
  if (e.AI_PROVIDER === "gemini" && !e.AI_API_KEY)
    throw new Error("Invalid environment: AI_PROVIDER=gemini needs AI_API_KEY");
  // A self-hosted OpenAI-compatible server (Ollama, vLLM) on this machine or network may need no key.
  if (e.AI_PROVIDER === "openai" && !e.AI_API_KEY && !(e.AI_BASE_URL && isLocalUrl(e.AI_BASE_URL))) {
    throw new Error(
      "Invalid environment: AI_PROVIDER=openai needs AI_API_KEY (or AI_BASE_URL on a local server such as Ollama)",
    );
  }
  if (e.STRIPE_WEBHOOK_SECRET && !e.STRIPE_SECRET_KEY)
    throw new Error("Invalid environment: STRIPE_WEBHOOK_SECRET needs STRIPE_SECRET_KEY");
  const production = e.NODE_ENV === "production";
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    readReplica: e.DATABASE_READ_URL
      ? { url: e.DATABASE_READ_URL, maxLagSeconds: e.DATABASE_READ_MAX_LAG_SECONDS }
      : undefined,
    dataDir: path.resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    pgBinDir: e.PG_BIN_DIR,
    pool: {
      max: e.DB_POOL_SIZE,
      acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    },
    logLevel: e.LOG_LEVEL,
    cookieSecure: e.COOKIE_SECURE ? e.COOKIE_SECURE === "true" : publicUrl.startsWith("https:"),
    sessionIdleDays: e.SESSION_IDLE_DAYS,
    trustProxy: e.TRUST_PROXY,
    publicUrl,
    shutdown: { delayMs: e.SHUTDOWN_DELAY_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    statusEmailDelaySeconds: e.STATUS_EMAIL_DELAY_SECONDS,
    runWorkers: e.RUN_WORKERS === "true",
    demoData: e.DEMO_DATA ? e.DEMO_DATA === "true" : !e.DATABASE_URL,
    search: { provider: e.SEARCH_PROVIDER, apiUrl: e.SEARCH_API_URL, apiKey: e.SEARCH_API_KEY },
    storage: storageSettings(e),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, sales: e.SALES_EMAIL },
    // Model and address default in the adapters (modules/ai) when unset.
    ai: { provider: e.AI_PROVIDER, apiKey: e.AI_API_KEY, model: e.AI_MODEL, baseUrl: e.AI_BASE_URL },
    quotas: quotaSettings(e.QUOTAS),
    // Sign-in with OpenID Connect providers (OIDC_PROVIDERS, GOOGLE_CLIENT_ID; lib/identity-providers.ts).
    identityProviders: identityProviders(env),
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION === "true",
    edgeCache: { on: e.EDGE_CACHE === "true", sharedRender: e.EDGE_CACHE === "true" && e.SHARED_RENDER === "true" },
    stripe: stripeSettings(e),
    indexing: indexingSettings({
      credentials: e.GOOGLE_INDEXING_CREDENTIALS,
      tokenUrl: e.GOOGLE_INDEXING_TOKEN_URL,
      apiUrl: e.GOOGLE_INDEXING_API_URL,
      dailyLimit: e.GOOGLE_INDEXING_DAILY_LIMIT,
    }),
  };
}

function stripeSettings(e: z.infer<typeof EnvSchema>) {
  if (!e.STRIPE_SECRET_KEY) return undefined;
  const base = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined;
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    api: base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : undefined,
  };
}

function storageSettings(e: z.infer<typeof EnvSchema>) {
  if (e.STORAGE === "local") return { backend: "local" as const };
  const credentials =
    e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
      : undefined;
  const forcePathStyle = e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === "true" : Boolean(e.S3_ENDPOINT);
  return {
    backend: "s3" as const,
    s3: { bucket: e.S3_BUCKET!, endpoint: e.S3_ENDPOINT, region: e.S3_REGION, credentials, forcePathStyle },
  };
}

/** Loopback, private-network and single-label hosts (a container name such as "ollama"). */
function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return (
    host === "localhost" ||
    host.endsWith(".local") ||
    host.endsWith(".internal") ||
    (!host.includes(".") && !host.includes(":")) ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    host === "::1" ||
    /^f[cd][0-9a-f]{2}:/i.test(host)
  );
}

let current: Config | undefined;

/** The process-wide configuration, parsed on first use. */
export function config(): Config {
  current ??= loadConfig();
  return current;
}
