// The public pages' main call to action: a visitor starts a free trial; someone signed in is on a
// plan already, so they are sent to their own start page instead of a trial they can't start.
import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "#app/root.tsx";

export interface WayIn {
  to: string;
  label: string;
  /** The shorter label of a hero button. */
  short: string;
}

const WAYS: Record<"visitor" | "employer" | "candidate", WayIn> = {
  visitor: { to: "/auth?mode=signup&role=employer", label: "Start your free trial", short: "Start free trial" },
  employer: { to: "/employer/dashboard", label: "Go to your dashboard", short: "Your dashboard" },
  candidate: { to: "/candidate/jobs", label: "Browse jobs", short: "Browse jobs" },
};

/** The signed-in role from the root loader, or null for a visitor. */
export function useSignedInRole(): "employer" | "candidate" | null {
  const role = useRouteLoaderData<typeof rootLoader>("root")?.user?.role;
  return role === "employer" ? "employer" : role ? "candidate" : null;
}

export function useWayIn(): WayIn {
  return WAYS[useSignedInRole() ?? "visitor"];
}
