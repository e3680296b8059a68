// The public pages' main call to action: a visitor starts a free trial; someone signed in is on a
// plan already, so they are sent to their own start page instead of a trial they can't start.
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "#app/root.tsx";

export interface WayIn {
  to: string;
  label: string;
  /** The shorter label of a hero button. */
  short: string;
}

const WAYS: Record<"visitor" | "employer" | "candidate", string> = {
  visitor: "/auth?mode=signup&role=employer",
  employer: "/employer/dashboard",
  candidate: "/candidate/jobs",
};

/** The signed-in role from the root loader, or null for a visitor. */
export function useSignedInRole(): "employer" | "candidate" | null {
  const role = useRouteLoaderData<typeof rootLoader>("root")?.user?.role;
  return role === "employer" ? "employer" : role ? "candidate" : null;
}

export function useWayIn(): WayIn {
  const who = useSignedInRole() ?? "visitor";
  const { t } = useTranslation("home");
  return { to: WAYS[who], label: t(`wayIn.${who}`), short: t(`wayIn.${who}Short`) };
}
