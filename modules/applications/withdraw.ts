// A candidate takes back an application the employer has not decided yet. Only the candidate can;
// the row is locked like an employer's decision, so a withdrawal and a decision racing each other
// end in one of them (the other is refused), and a double-click withdraws once. Withdrawing lets go
// of the resume: the employer can't read it any more, and a resume already deleted from the
// library is erased.
import { lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { isUuid } from "../hiring/index.server.ts";
import { Application, ApplicationStatusChange, type ApplicationStatus } from "./entities.ts";
import { ApplicationError, applicationNotFound } from "./errors.ts";
import { deleteIfOrphan } from "./resumes.ts";

const WITHDRAWABLE: readonly ApplicationStatus[] = ["submitted", "reviewed"];

/** Whether an application in this status may still be withdrawn (not decided, not on a company's site). */
export const mayWithdraw = (status: ApplicationStatus) => WITHDRAWABLE.includes(status);

/** Withdraws the candidate's application; one already withdrawn stays so. Returns the status now. */
export async function withdrawApplication(candidateId: string, applicationId: string): Promise<ApplicationStatus> {
  if (!isUuid(applicationId)) throw applicationNotFound();
  const { status, resumeId } = await transaction(async (tx) => {
    const application = await lockForUpdate(Application, { id: applicationId, candidateId });
    if (!application) throw applicationNotFound();
    if (application.status === "withdrawn") return { status: application.status, resumeId: null };
    if (!mayWithdraw(application.status)) {
      throw new ApplicationError(
        "invalid-transition",
        application.status === "applied_external"
          ? "This application was made on the company's own site, so it is withdrawn there."
          : "This application has been decided already, so it can no longer be withdrawn.",
      );
    }
    const from = application.status;
    application.status = "withdrawn";
    application.updatedAt = now();
    tx.create(ApplicationStatusChange, {
      applicationId,
      fromStatus: from,
      toStatus: "withdrawn",
      changedBy: candidateId,
      changedAt: now(),
    });
    await tx.flush();
    return { status: application.status, resumeId: application.resumeId ?? null };
  });
  await deleteIfOrphan(resumeId);
  return status;
}
