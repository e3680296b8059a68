// The interview kit an interviewer reads on an application (issue 34 item 2, decision 087): the
// kit its interview picked, else the job's first kit, also when no interview is offered yet.
import { kitForJob, type InterviewKit, type Member } from "../hiring/index.server.ts";
import { memberApplicationRef } from "../applications/index.server.ts";
import { latestInterview } from "./reads.ts";

export interface ApplicationKit {
  kit: InterviewKit;
  /** The interview chose it (else it is the job's first kit). */
  chosen: boolean;
}

/** The application's kit for a member who may review it (else not found); null when the job has none. */
export async function applicationKit(
  member: Member,
  applicationId: string,
  jobId: string,
): Promise<ApplicationKit | null> {
  const application = await memberApplicationRef(member, applicationId, { jobId, need: "review" });
  const interview = await latestInterview(application.id);
  const kit = await kitForJob(application.jobId, interview?.kitId ?? null);
  return kit ? { kit, chosen: Boolean(interview?.kitId && interview.kitId === kit.id) } : null;
}
