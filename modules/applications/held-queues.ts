// Background work for applications held before an account (held.ts, decision 080): the email with
// the link, sent once per held application (sendMailOnce), and an hourly run that removes what
// waited past its seven days, with its files.
import { config } from "../../lib/config.ts";
import { em } from "../../lib/db.ts";
import { greet, renderEmail, type RenderedEmail } from "../../lib/email-layout.ts";
import { sendMailOnce } from "../../lib/mail.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { jobCards } from "../hiring/index.server.ts";
import { findAccountByEmail } from "../identity/index.server.ts";
import { DEFAULT_LANGUAGE, isLanguage, translator, type Language } from "../../locales/index.ts";
import { Application, HeldApplication } from "./entities.ts";
import { deleteHeldFile, HOLD_DAYS } from "./held-drafts.ts";
import { HELD_EMAIL_QUEUE, heldToken, removeExpiredHeld } from "./held.ts";

const link = (path: string) => new URL(path, config().publicUrl).toString();

interface HeldEmailData {
  name: string | null;
  jobTitle: string;
  companyName: string;
  url: string;
  language?: Language;
}

type HeldKind = "confirm" | "signIn";

/** The link: it confirms the address, makes the account and sends the application ("confirm"), or,
 * for an address with an account, leads its owner to sign in first ("signIn"). */
function heldLinkEmail(kind: HeldKind, d: HeldEmailData): Promise<RenderedEmail> {
  const { language = DEFAULT_LANGUAGE } = d;
  const t = translator(language, "mail");
  const words = { job: d.jobTitle, company: d.companyName };
  return renderEmail({
    lang: language,
    subject: t(`held.${kind}.subject`, words),
    preview: t(`held.${kind}.preview`, words),
    greeting: greet(d.name, language),
    heading: t(`held.${kind}.heading`),
    body: [
      t(`held.${kind}.body`, words),
      t("held.linkWorks", { days: HOLD_DAYS, url: d.url }),
      t(`held.${kind}.ignore`),
    ],
    action: { label: t(`held.${kind}.action`), url: d.url },
    reason: t("held.reason"),
  });
}

export const heldConfirmEmail = (d: HeldEmailData) => heldLinkEmail("confirm", d);
export const heldSignInEmail = (d: HeldEmailData) => heldLinkEmail("signIn", d);

/** The account applied to this job already: nothing is held. */
export function heldAppliedEmail(d: Omit<HeldEmailData, "url"> & { applicationsUrl: string }): Promise<RenderedEmail> {
  const { language = DEFAULT_LANGUAGE } = d;
  const t = translator(language, "mail");
  const words = { job: d.jobTitle, company: d.companyName };
  return renderEmail({
    lang: language,
    subject: t("held.applied.subject", words),
    preview: t("held.applied.preview"),
    greeting: greet(d.name, language),
    heading: t("held.applied.heading"),
    body: [t("held.applied.body", words)],
    action: { label: t("held.applied.action"), url: d.applicationsUrl },
    reason: t("held.reason"),
  });
}

const heldEmailQueue: QueueDefinition<{ heldId: string }> = {
  name: HELD_EMAIL_QUEUE,
  async handle({ heldId }, run) {
    const row = await em().findOne(HeldApplication, { id: heldId, heldAt: { $ne: null } });
    if (!row?.email) return; // confirmed or removed since
    const job = (await jobCards([row.jobId])).get(row.jobId);
    if (!job) return;
    const account = await findAccountByEmail(row.email);
    const data = {
      name: row.fullName ?? null,
      jobTitle: job.title,
      companyName: job.companyName,
      language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    };
    const key = `held-application:${row.id}`;
    if (account && (await em().count(Application, { jobId: row.jobId, candidateId: account.id }))) {
      const message = await heldAppliedEmail({ ...data, applicationsUrl: link("/candidate/applications") });
      await sendMailOnce(key, { to: row.email, ...message }, run);
      const gone = await em().execute<{ resume_key: string | null }[]>(
        `delete from held_applications where id = ? returning resume_key`,
        [row.id],
      );
      await deleteHeldFile(gone[0]?.resume_key);
      return;
    }
    const url = link(`/apply/confirm/${heldToken(row.id)}`);
    const message = await (account ? heldSignInEmail : heldConfirmEmail)({ ...data, url });
    await sendMailOnce(key, { to: row.email, ...message }, run);
  },
};

const heldCleanupQueue: QueueDefinition<object> = {
  name: "applications.held-cleanup",
  schedule: "41 * * * *",
  async handle() {
    await removeExpiredHeld();
  },
};

export const heldQueues = [heldEmailQueue, heldCleanupQueue];
