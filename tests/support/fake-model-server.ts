// Tests only: a model server on 127.0.0.1 that records each request and answers as a test says,
// so the Gemini and OpenAI-compatible adapters are exercised over real HTTP.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Hit {
  method: string;
  path: string;
  query: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Sent as is, not JSON-encoded. */
  raw?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Send the first half of the body, then drop the connection. */
  cut?: boolean;
}

export interface FakeModelServer {
  url: string;
  hits: Hit[];
  answer: (hit: Hit, index: number) => Reply;
  close(): Promise<void>;
}

export async function startFakeModelServer(): Promise<FakeModelServer> {
  const fake = {
    url: "",
    hits: [] as Hit[],
    answer: (() => ({ body: {} })) as FakeModelServer["answer"],
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = Buffer.concat(chunks).toString("utf8");
      }
      const hit: Hit = { method: req.method ?? "", path: url.pathname, query: url.search, headers: req.headers, body };
      fake.hits.push(hit);
      const reply = fake.answer(hit, fake.hits.length - 1);
      const text = reply.raw ?? JSON.stringify(reply.body ?? {});
      const send = () => {
        if (res.destroyed) return;
        if (reply.cut) {
          res.writeHead(reply.status ?? 200, {
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(text)),
          });
          res.write(text.slice(0, Math.floor(text.length / 2)));
          setTimeout(() => res.destroy(), 10);
          return;
        }
        res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
        res.end(text);
      };
      // A long delay stands for a service that never answers: it must not keep the process alive.
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return fake;
}

/** Gemini's generateContent reply carrying `text`. */
export function geminiReply(text: string, finishReason = "STOP") {
  return {
    candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason, index: 0 }],
    usageMetadata: { promptTokenCount: 120, candidatesTokenCount: 80 },
  };
}

/** An OpenAI chat completion carrying `content`. */
export function openAiReply(content: string | null, finishReason = "stop") {
  return {
    id: "chatcmpl-1",
    object: "chat.completion",
    model: "test-model",
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: finishReason }],
    usage: { prompt_tokens: 120, completion_tokens: 80 },
  };
}
