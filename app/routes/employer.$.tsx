import { redirect } from "@remix-run/node";

// Any other path under /employer goes to the dashboard (which checks who is asking).
export const loader = () => redirect("/employer/dashboard");
export const action = () => redirect("/employer/dashboard");
