// A real SMTP server on 127.0.0.1 for tests and fault replays, with a gate: past `acceptLimit`
// messages it receives each one whole but does not answer, so a worker can be killed while it
// waits for the server's acceptance. A message counts as delivered only once it is accepted, as a
// real server takes responsibility for a message only with its reply to the end of the data.
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface DeliveredMail {
  to: string[];
  /** The message as sent, quoted-printable soft line breaks joined. */
  raw: string;
  messageId: string | null;
  at: number;
}

export interface GatedSmtpServer {
  url: string;
  delivered: DeliveredMail[];
  /** Messages received whole and waiting for the gate. */
  waiting(): number;
  /** From now on, accept every message at once (messages already waiting stay unanswered). */
  open(): void;
  close(): Promise<void>;
}

/** `answerDelayMs`: how long the server takes to answer each message it accepts (a slow relay). */
export async function startGatedSmtpServer(acceptLimit: number, { answerDelayMs = 0 } = {}): Promise<GatedSmtpServer> {
  const delivered: DeliveredMail[] = [];
  let limit = acceptLimit;
  let waiting = 0;
  // STARTTLS off: smtp-server's built-in certificate has expired, and nodemailer would refuse it.
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (delivered.length >= limit) {
          waiting++;
          return; // never answered: the sender dies waiting, or gives up
        }
        const raw = Buffer.concat(chunks)
          .toString("utf8")
          .replace(/=\r?\n/g, "");
        delivered.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? null,
          at: Date.now(),
        });
        if (answerDelayMs) setTimeout(callback, answerDelayMs);
        else callback();
      });
    },
  });
  // A client that dies mid-conversation (a killed worker) resets its connection: not the server's failure.
  server.on("error", () => {});
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    delivered,
    waiting: () => waiting,
    open() {
      limit = Infinity;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * How many application emails each application got, by kind: the employer's (it links to the
 * application) and the candidate's status email (by the candidate's address).
 */
export function applicationEmailCounts(
  delivered: DeliveredMail[],
  employerEmail: string,
  applicationByCandidate: Map<string, string>,
) {
  const newApplication = new Map<string, number>();
  const confirmation = new Map<string, number>();
  const status = new Map<string, number>();
  const strays: string[] = [];
  const add = (counts: Map<string, number>, id: string) => counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const mail of delivered) {
    const [to] = mail.to;
    const ids = new Set([...mail.raw.matchAll(/applications\/([0-9a-f-]{36})/g)].map((m) => m[1]!));
    const candidateApplication = applicationByCandidate.get(to ?? "");
    if (to === employerEmail && ids.size === 1) add(newApplication, [...ids][0]!);
    else if (candidateApplication && /^Subject: We sent your application to /im.test(mail.raw))
      add(confirmation, candidateApplication);
    else if (candidateApplication) add(status, candidateApplication);
    else strays.push(`${to}: ${mail.messageId}`);
  }
  return { newApplication, confirmation, status, strays };
}
