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
import { Application, HeldApplication } from "./entities.ts";
import { deleteHeldFile, HOLD_DAYS } from "./held-drafts.ts";
import { HELD_EMAIL_QUEUE, heldToken, removeExpiredHeld } from "./held.ts";

const link = (path: string) => new URL(path, config().publicUrl).toString();

export const HELD_SUBJECTS = {
  confirm: (title: string) => `Confirm your application: ${title}`,
  signIn: (title: string) => `Sign in to send your application: ${title}`,
  applied: (title: string) => `You have applied already: ${title}`,
};

interface HeldEmailData {
  name: string | null;
  jobTitle: string;
  companyName: string;
  url: string;
}

/** The link that confirms the address, makes the account and sends the application. */
export function heldConfirmEmail(d: HeldEmailData): Promise<RenderedEmail> {
  return renderEmail({
    subject: HELD_SUBJECTS.confirm(d.jobTitle),
    preview: `One click sends your application to ${d.companyName}.`,
    greeting: greet(d.name),
    heading: "Confirm your application",
    body: [
      `You applied for ${d.jobTitle} at ${d.companyName} on Hirewise. Confirm your email address to send it: the button makes your job seeker account and sends your answers and resume to ${d.companyName}. Until then they see nothing.`,
      `The link works once, for ${HOLD_DAYS} days. If the button doesn't work, open this address: ${d.url}`,
      "If you didn't apply, ignore this email: the application and its resume are deleted after that.",
    ],
    action: { label: "Confirm and send my application", url: d.url },
    reason: "You're receiving this email because this address was given on an application on Hirewise.",
  });
}

/** The address has an account: its owner signs in, and the link sends the application from it. */
export function heldSignInEmail(d: HeldEmailData): Promise<RenderedEmail> {
  return renderEmail({
    subject: HELD_SUBJECTS.signIn(d.jobTitle),
    preview: "This address has a Hirewise account: sign in and your answers are sent.",
    greeting: greet(d.name),
    heading: "Sign in to send your application",
    body: [
      `Someone (we hope you) applied for ${d.jobTitle} at ${d.companyName} with this address, which already has a Hirewise account. Open the link, sign in, and the answers and resume given are sent from your account.`,
      `The link works once, for ${HOLD_DAYS} days. If the button doesn't work, open this address: ${d.url}`,
      "If you didn't apply, ignore this email: nothing is sent and the answers are deleted.",
    ],
    action: { label: "Sign in and send", url: d.url },
    reason: "You're receiving this email because this address was given on an application on Hirewise.",
  });
}

/** The account applied to this job already: nothing is held. */
export function heldAppliedEmail(d: Omit<HeldEmailData, "url"> & { applicationsUrl: string }): Promise<RenderedEmail> {
  return renderEmail({
    subject: HELD_SUBJECTS.applied(d.jobTitle),
    preview: "Your account's application is on My Applications.",
    greeting: greet(d.name),
    heading: "You have applied already",
    body: [
      `Someone (we hope you) applied for ${d.jobTitle} at ${d.companyName} with this address. Your account applied for this job already, so nothing new was sent: follow that application on My Applications.`,
    ],
    action: { label: "My Applications", url: d.applicationsUrl },
    reason: "You're receiving this email because this address was given on an application on Hirewise.",
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
    const data = { name: row.fullName ?? null, jobTitle: job.title, companyName: job.companyName };
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
