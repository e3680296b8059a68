// The answer the edge gives when it refuses a request before the app sees it: a short readable page
// for people, plain text for the app's own data requests (`.data`), which show it as an error.
import type { Request, Response } from "express";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function refuse(req: Request, res: Response, status: number, title: string, message: string): void {
  res.status(status);
  if (req.path.endsWith(".data")) {
    res.type("text/plain").send(`${title}. ${message}\n`);
    return;
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">` +
        `<title>${escapeHtml(title)} · Hirewise</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5">` +
        `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to Hirewise</a></p></body></html>`,
    );
}
