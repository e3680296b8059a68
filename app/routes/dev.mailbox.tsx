// /dev/mailbox: the newest emails of the dev mailbox (DATA_DIR/mail) with their links, so someone
// trying the app on a fresh clone can follow a confirmation or reset link. Served only while mail
// goes to the mailbox and NODE_ENV is not production; a 404 otherwise (decision 027).
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { devMailboxEnabled, listMailbox, mailboxDir, readMailboxMessage } from "#lib/mail.ts";

const SHOWN = 20;

export const meta: MetaFunction = () => [{ title: "Dev mailbox · Hirewise" }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader(_: LoaderFunctionArgs) {
  if (!devMailboxEnabled()) throw data({ message: "Not found" }, { status: 404 });
  const entries = await listMailbox();
  const messages = await Promise.all(entries.slice(0, SHOWN).map(readMailboxMessage));
  return {
    dir: mailboxDir(),
    total: entries.length,
    messages: messages.map(({ date, to, subject, text, links, calendar }) => ({
      date,
      to,
      subject,
      text,
      links,
      invitation: calendar ? (/^METHOD:(.+)$/m.exec(calendar)?.[1]?.trim() ?? "REQUEST") : null,
    })),
  };
}

export default function DevMailbox() {
  const { dir, total, messages } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Dev mailbox</h1>
        <p className="mt-2 break-words text-muted">
          Without <code>SMTP_URL</code> every email is written to <code className="break-all">{dir}</code> instead of
          being sent. The newest {Math.min(total, SHOWN)} of {total} are here;{" "}
          <code className="whitespace-nowrap">npm run cli -- mail:show 1</code> prints the newest too. This page exists
          only outside production.
        </p>
      </div>
      {messages.length === 0 ? <p className="text-soft">No emails yet.</p> : null}
      <ol className="grid gap-4">
        {messages.map((m, i) => (
          <li key={`${m.date}-${i}`} className="grid gap-3 rounded-2xl border border-subtle bg-surface p-5 shadow-sm">
            <div className="min-w-0">
              <h2 className="break-words text-lg font-semibold">{m.subject}</h2>
              <p className="break-words text-sm text-muted">
                To {m.to} · {m.date.replace("T", " ").slice(0, 19)} UTC
                {m.invitation
                  ? ` · calendar ${m.invitation === "CANCEL" ? "cancellation" : "invitation"} attached`
                  : ""}
              </p>
            </div>
            {m.links.length ? (
              <ul className="grid gap-1 text-sm">
                {m.links.map((link) => (
                  <li key={link} className="min-w-0">
                    <a href={link} className="break-all font-semibold text-brand hover:underline">
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            <details>
              <summary className="cursor-pointer text-sm text-muted">The text</summary>
              <pre className="mt-2 whitespace-pre-wrap break-words text-sm text-ink">{m.text}</pre>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
