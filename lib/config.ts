// Environment, read and checked once at start-up. Everything configurable lives here.
import path from "node:path";
import { z } from "zod";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  // When unset the app starts an embedded PostgreSQL with its data under DATA_DIR.
  DATABASE_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  DATA_DIR: z.string().default(".data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Secure cookies, HSTS and upgrade-insecure-requests need HTTPS: on when PUBLIC_URL is https
  // (production behind TLS), or forced either way here.
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  // Number of proxy hops to trust for the client address (rate limits, logs).
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  PUBLIC_URL: z.string().url().optional(),
  // Demo accounts on start: on by default with the embedded database, off with DATABASE_URL.
  DEMO_DATA: z.enum(["true", "false"]).optional(),
  // false: the web process does not run queue workers (run `npm run worker` separately).
  RUN_WORKERS: z.enum(["true", "false"]).default("true"),
  // External job search: the built-in sample listings by default; jsearch needs SEARCH_API_KEY (server only).
  SEARCH_PROVIDER: z.enum(["sample", "jsearch", "none"]).default("sample"),
  SEARCH_API_URL: z.string().url().default("https://jsearch.p.rapidapi.com"),
  SEARCH_API_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  if (e.SEARCH_PROVIDER === "jsearch" && !e.SEARCH_API_KEY) throw new Error("Invalid environment: SEARCH_PROVIDER=jsearch needs SEARCH_API_KEY");
  const production = e.NODE_ENV === "production";
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    logLevel: e.LOG_LEVEL,
    cookieSecure: e.COOKIE_SECURE ? e.COOKIE_SECURE === "true" : publicUrl.startsWith("https:"),
    trustProxy: e.TRUST_PROXY,
    publicUrl,
    runWorkers: e.RUN_WORKERS === "true",
    demoData: e.DEMO_DATA ? e.DEMO_DATA === "true" : !e.DATABASE_URL,
    search: { provider: e.SEARCH_PROVIDER, apiUrl: e.SEARCH_API_URL, apiKey: e.SEARCH_API_KEY },
  };
}

let current: Config | undefined;

/** The process-wide configuration, parsed on first use. */
export function config(): Config {
  current ??= loadConfig();
  return current;
}
