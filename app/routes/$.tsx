import { redirect } from "@remix-run/node";

// Any path the product does not have goes home.
export const loader = () => redirect("/");
export const action = () => redirect("/");
