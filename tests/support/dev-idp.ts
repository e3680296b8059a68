// npm run dev:idp: the tests' OpenID provider on http://127.0.0.1:4400 for trying "Continue with
// Test ID" locally. Start it, set the printed variables for `npm run dev`, and sign in with any
// login (ada, bo, or an email address) and any password. Ctrl-C stops it.
import { startTestIdp } from "./oidc-idp.ts";

const port = Number(process.env.IDP_PORT ?? 4400);
const idp = await startTestIdp({ port });
const env = idp.env("testidp", "Test ID");
console.log(`Test identity provider at ${idp.issuer}

Start the app with:
${Object.entries(env)
  .map(([k, v]) => `  ${k}='${v}'`)
  .join(" \\\n")} \\
  npm run dev

Sign in with any password and one of these logins:
  ada                          ada@example.test (email verified)
  bo                           bo@example.test (email NOT verified)
  you@example.com              that address, verified
  unverified:you@example.com   that address, not verified`);
process.on("SIGINT", () => void idp.close().then(() => process.exit(0)));
process.on("SIGTERM", () => void idp.close().then(() => process.exit(0)));
