// Employer routes ask who is asking: the signed-in employer and their place in a company (hiring's
// team.ts). What a member may do is decided there; routes pass the member along.
import { requireRole, type Account } from "#modules/identity/index.server.ts";
import { memberFor, type Member } from "#modules/hiring/index.server.ts";

export async function requireMember(request: Request): Promise<{ user: Account; member: Member }> {
  const user = await requireRole(request, "employer");
  return { user, member: await memberFor(user.id) };
}
