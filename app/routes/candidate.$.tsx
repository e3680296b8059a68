import { redirect } from "@remix-run/node";

// Any other path under /candidate goes to the job search (which checks who is asking).
export const loader = () => redirect("/candidate/jobs");
export const action = () => redirect("/candidate/jobs");
