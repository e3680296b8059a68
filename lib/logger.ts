import { pino } from "pino";
import { config } from "./config.ts";

// One structured logger for the process; children carry a request id or job id.
export const logger = pino({
  level: config().logLevel,
  base: { service: "hirewise" },
  redact: ["req.headers.cookie", "password", "*.password"],
});

export type Logger = typeof logger;
