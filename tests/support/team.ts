// Puts a new employer account into an owner's company with a role, through a real invitation.
import {
  acceptInvitation,
  invitationPath,
  inviteMember,
  memberFor,
  type MemberRole,
} from "../../modules/hiring/index.server.ts";
import { signUp, type Account } from "../../modules/identity/index.server.ts";

export async function inviteAndJoin(owner: Account, email: string, role: MemberRole): Promise<Account> {
  const person = await signUp({ email, password: "correct horse", role: "employer", company_name: "Own" });
  const invitation = await inviteMember(await memberFor(owner.id), { email, role });
  await acceptInvitation((await invitationPath(invitation.id)).split("/").pop()!, person);
  return person;
}
