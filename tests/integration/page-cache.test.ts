// Fast list pages (decision 055) against the real production server: signed-out /jobs, job pages
// and sitemaps are public for a CDN with a strong ETag and 304s, signed-in answers and a browser's
// own recent write never are; a job closed or reopened over HTTP shows on the very next signed-out
// /jobs (the process's shared copy is cleared after the commit, no waiting); and the /jobs page
// with 20 results stays under its size budget, with excerpts, not descriptions.
import pg from "pg";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";

/**
 * The /jobs page with 20 results (long realistic titles, company names, logos, salaries, remote
 * jobs, excerpts of 250 to 300 characters) may not grow past this many bytes of HTML: issue 19's
 * target (decision 055). Measured at 39,253 bytes (this data gave about 100,000 before the cards
 * were styled by component classes and the list stopped going out twice; 51,420 before the cards'
 * links were named by their heading and a visitor's Apply Now became /jobs/{id}/apply; 47,184
 * before the cards' logos and badges were read back from the HTML too, the cards lost their layout
 * wrappers and the header, search form and footer took component classes). 40,486 once the footer
 * carried the language switch and the head the hreflang alternates (decision 090): about 450
 * bytes every public page needs, so the budget grew by 1,000.
 */
const JOBS_PAGE_BUDGET = 41_000;
const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
const PASSWORD = "correct horse battery";
// A long description (about 1,900 characters): cards must show an excerpt of it, never all of it.
const LONG_DESCRIPTION = [
  "Northwind Analytics builds forecasting software that helps regional grocers order the right amount of fresh food every morning, cutting waste and empty shelves at once.",
  "You'll join a team of six engineers who own the ordering service end to end, from the data pipeline that reads till receipts to the screens store managers use at dawn.",
  "We value careful code review, small releases several times a day, and written design notes that anyone in the company can read and question.",
  "",
  "## What you'll do",
  "- Design and build services in TypeScript and Node on PostgreSQL",
  "- Improve the forecasting pipeline's reliability and observability",
  "- Pair with data scientists to ship new models safely",
  "- Mentor colleagues and review their designs",
  "",
  "## About you",
  "Several years building and running production web services, a habit of measuring before optimising, and patience explaining trade-offs to people outside engineering. Experience with retail or logistics is welcome but not required. ".repeat(
    3,
  ),
].join("\n");

/** The 20 newest jobs /jobs shows: real-looking titles, companies, places and pay, of the lengths job boards see. */
const BOARD: {
  title: string;
  company: string;
  location: string;
  remote?: boolean;
  type: string;
  pay: [string, string, string];
  logo?: boolean;
}[] = [
  {
    title: "Senior Backend Engineer, Payments Platform",
    company: "Northwind Analytics",
    location: "San Francisco, CA, United States",
    type: "FULLTIME",
    pay: ["165000", "210000", "USD"],
    logo: true,
  },
  {
    title: "Staff Machine Learning Engineer – Search Ranking and Recommendations",
    company: "Brightwave Health Technologies",
    location: "New York, NY, United States",
    type: "FULLTIME",
    pay: ["210000", "260000", "USD"],
    logo: true,
  },
  {
    title: "Principal Product Designer, Design Systems & Accessibility",
    company: "Quillstone Learning",
    location: "Remote (US)",
    remote: true,
    type: "FULLTIME",
    pay: ["170000", "205000", "USD"],
  },
  {
    title: "Senior Site Reliability Engineer (Kubernetes, AWS, Terraform)",
    company: "Harborline Logistics International",
    location: "Chicago, IL, United States",
    type: "FULLTIME",
    pay: ["160000", "195000", "USD"],
    logo: true,
  },
  {
    title: "Engineering Manager, Data Infrastructure",
    company: "Ferngrove Financial Services",
    location: "London, United Kingdom",
    type: "FULLTIME",
    pay: ["110000", "140000", "GBP"],
    logo: true,
  },
  {
    title: "Lead Data Scientist – Forecasting & Demand Planning",
    company: "Tidewater Renewable Energy",
    location: "Berlin, Germany",
    type: "FULLTIME",
    pay: ["95000", "125000", "EUR"],
  },
  {
    title: "Senior Frontend Engineer (React, TypeScript)",
    company: "Atlas Robotics",
    location: "Remote",
    remote: true,
    type: "CONTRACT",
    pay: ["140000", "175000", "USD"],
    logo: true,
  },
  {
    title: "Product Manager, Growth and Lifecycle Marketing",
    company: "Silverpine Security",
    location: "Toronto, ON, Canada",
    type: "FULLTIME",
    pay: ["135000", "165000", "CAD"],
    logo: true,
  },
  {
    title: "Senior Full-Stack Engineer, Developer Experience",
    company: "Northwind Analytics",
    location: "Austin, TX, United States",
    type: "FULLTIME",
    pay: ["150000", "185000", "USD"],
    logo: true,
  },
  {
    title: "Technical Program Manager – Platform Reliability",
    company: "Mosaic Health Partners",
    location: "Seattle, WA, United States",
    type: "FULLTIME",
    pay: ["155000", "190000", "USD"],
  },
  {
    title: "Senior Security Engineer, Application Security",
    company: "Silverpine Security",
    location: "Remote (Canada)",
    remote: true,
    type: "FULLTIME",
    pay: ["150000", "180000", "CAD"],
    logo: true,
  },
  {
    title: "Director of Customer Success, Enterprise Accounts",
    company: "Brightwave Health Technologies",
    location: "Boston, MA, United States",
    type: "FULLTIME",
    pay: ["190000", "230000", "USD"],
    logo: true,
  },
  {
    title: "Senior iOS Engineer – Consumer Mobile Apps",
    company: "Quillstone Learning",
    location: "Amsterdam, Netherlands",
    type: "FULLTIME",
    pay: ["85000", "110000", "EUR"],
  },
  {
    title: "Data Engineer, Streaming Pipelines (Kafka, Flink)",
    company: "Harborline Logistics International",
    location: "Dublin, Ireland",
    type: "PARTTIME",
    pay: ["70000", "90000", "EUR"],
    logo: true,
  },
  {
    title: "Senior Marketing Operations Manager, EMEA",
    company: "Ferngrove Financial Services",
    location: "London, United Kingdom",
    type: "FULLTIME",
    pay: ["80000", "100000", "GBP"],
    logo: true,
  },
  {
    title: "Staff Software Engineer, Billing and Invoicing",
    company: "Tidewater Renewable Energy",
    location: "Denver, CO, United States",
    type: "FULLTIME",
    pay: ["185000", "225000", "USD"],
  },
  {
    title: "UX Researcher – Healthcare Products",
    company: "Mosaic Health Partners",
    location: "Remote (US)",
    remote: true,
    type: "FREELANCE",
    pay: ["95000", "120000", "USD"],
  },
  {
    title: "Senior QA Automation Engineer (Playwright, TypeScript)",
    company: "Atlas Robotics",
    location: "Raleigh, NC, United States",
    type: "FULLTIME",
    pay: ["125000", "150000", "USD"],
    logo: true,
  },
  {
    title: "Solutions Architect, Public Sector",
    company: "Silverpine Security",
    location: "Washington, DC, United States",
    type: "FULLTIME",
    pay: ["170000", "200000", "USD"],
    logo: true,
  },
  {
    title: "Senior Android Engineer – Payments and Wallet",
    company: "Northwind Analytics",
    location: "San Francisco, CA, United States",
    type: "FULLTIME",
    pay: ["175000", "215000", "USD"],
    logo: true,
  },
];

/** A description whose first paragraph is long, as most are: the card shows its first 300 characters at most. */
const descriptionFor = (job: (typeof BOARD)[number]) =>
  [
    `${job.company} builds the software that hospitals, warehouses and schools rely on every day. We are growing the team that keeps it fast, safe and pleasant to use, and we are looking for a ${job.title} to join us. You will own problems end to end and help decide what we build next.`,
    "",
    LONG_DESCRIPTION,
  ].join("\n");

let server: AppServer;
let orm: MikroORM;
let queue: QueueRuntime;
let db: pg.Client;
let employer: HttpClient;
let jobId: string;

beforeAll(async () => {
  // Board jobs only: the page's size is measured on 20 results.
  server = await startAppServer(inject("adminDatabaseUrl"), { SEARCH_PROVIDER: "none" });
  orm = await openOrm(server.databaseUrl);
  setOrm(orm);
  queue = await startQueue(server.databaseUrl, logger, { workers: false });
  const employerId = (
    await signUpOnPlan({
      email: "cache@example.com",
      password: PASSWORD,
      role: "employer",
      company_name: "Northwind Analytics",
      full_name: "Nia North",
      plan: "business",
    })
  ).id;
  await signUpOnPlan({
    email: "cache-candidate@example.com",
    password: PASSWORD,
    role: "candidate",
    full_name: "Cato Candidate",
    plan: "essential",
  });
  // 21 jobs: /jobs shows its first 20; the first one published is the one closed and reopened.
  jobId = await publishTestJob(employerId, {
    title: "Cacheable Platform Engineer",
    description: LONG_DESCRIPTION,
    salary_min: "120000",
    salary_max: "150000",
  });
  for (const [i, job] of BOARD.entries()) {
    const logo = job.logo ? `/files/logos/${createHash("md5").update(job.company).digest("hex")}.webp` : null;
    await publishTestJob(
      employerId,
      {
        title: job.title,
        company_name: job.company,
        location: job.location,
        location_type: job.remote ? "remote" : i % 3 ? "onsite" : "hybrid",
        employment_type: job.type,
        description: descriptionFor(job),
        salary_min: job.pay[0],
        salary_max: job.pay[1],
        salary_currency: job.pay[2],
        skills: "TypeScript, Node.js, PostgreSQL, Grafana, Temporal",
      },
      logo,
    );
  }
  employer = await signInOverHttp(server.baseUrl, "cache@example.com", PASSWORD);
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await queue?.stop();
  await orm?.close();
  setOrm(undefined);
  expect(await server?.stop()).toBe(0);
});

// fetch asks for gzip unless told otherwise: identity is the plain copy.
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(server.baseUrl + path, { redirect: "manual", headers: { "Accept-Encoding": "identity", ...headers } });

describe("signed-out pages", () => {
  const paths = () => ["/jobs", "/jobs?q=engineer&location=", `/jobs/${jobId}`, "/sitemap.xml", "/sitemaps/jobs/1"];

  it("are public for a CDN, with a strong ETag that a 304 answers", async () => {
    for (const path of paths()) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get("cache-control"), path).toBe(PUBLIC);
      expect(first.headers.get("vary"), path).toMatch(/Cookie/);
      const etag = first.headers.get("etag")!;
      expect(etag, path).toMatch(/^"[\w-]{20,}"$/);
      const body = await first.text();
      // Every copy is the same bytes (no per-request nonce), so the tag stays.
      const again = await get(path);
      expect(again.headers.get("etag"), path).toBe(etag);
      expect(await again.text(), path).toBe(body);
      const revalidated = await get(path, { "If-None-Match": etag });
      expect(revalidated.status, path).toBe(304);
      expect(revalidated.headers.get("etag"), path).toBe(etag);
      expect(await revalidated.text(), path).toBe("");
      expect((await get(path, { "If-None-Match": '"something-else"' })).status, path).toBe(200);
      // The gzip copy is another representation with its own tag; either revalidates.
      const zipped = await get(path, { "Accept-Encoding": "gzip" });
      expect(zipped.headers.get("etag"), path).toBe(etag.replace(/"$/, '-gz"'));
      expect(
        (await get(path, { "If-None-Match": zipped.headers.get("etag")!, "Accept-Encoding": "gzip" })).status,
        path,
      ).toBe(304);
    }
  });

  it("run their inline scripts by hash, not a shared nonce", async () => {
    const response = await get("/jobs");
    const html = await response.text();
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).not.toMatch(/nonce-/);
    expect(html).not.toMatch(/nonce=/);
  });

  it("are never shared with a signed-in person, a browser that just wrote, or one with any cookie", async () => {
    const candidate = await signInOverHttp(server.baseUrl, "cache-candidate@example.com", PASSWORD);
    const cases: [string, Response][] = [
      ["employer /jobs", await employer.get("/jobs")],
      ["employer job page", await employer.get(`/jobs/${jobId}`)],
      ["candidate /jobs", await candidate.get("/jobs")],
      ["candidate /candidate/jobs", await candidate.get("/candidate/jobs?q=developer&location=")],
      ["__last_write", await get("/jobs", { Cookie: `__last_write=${Date.now()}` })],
      ["a theme cookie beside another", await get("/jobs", { Cookie: "theme=ImRhcmsi; __flash=a-notice" })],
      ["a theme cookie that is no theme", await get("/jobs", { Cookie: "theme=Im5lb24i" })],
      ["a notice's cookie", await get("/jobs", { Cookie: "__flash=a-notice" })],
    ];
    for (const [name, response] of cases) {
      expect(response.status, name).toBe(200);
      expect(response.headers.get("cache-control"), name).toBe("private, no-store");
      expect(response.headers.get("etag"), name).toBeNull();
    }
    // The signed-in page is the person's own: their header, not a visitor's copy.
    expect(await (await employer.get("/jobs")).text()).toContain("Nia North");
  });

  it("give a visitor whose only cookie is a chosen theme the shared page of that theme", async () => {
    const dark = await get("/jobs?q=theme-variant", { Cookie: "theme=ImRhcmsi" });
    const light = await get("/jobs?q=theme-variant", { Cookie: "theme=ImxpZ2h0Ig%3D%3D" });
    const none = await get("/jobs?q=theme-variant");
    for (const [name, response] of [
      ["dark", dark],
      ["light", light],
    ] as const) {
      expect(response.status, name).toBe(200);
      expect(response.headers.get("cache-control"), name).toBe(PUBLIC);
      expect(response.headers.get("vary"), name).toMatch(/Cookie/);
      expect(response.headers.get("set-cookie"), name).toBeNull();
    }
    expect(await dark.text()).toMatch(/<html lang="en" class="dark" data-theme="dark"/);
    expect(await light.text()).toMatch(/<html lang="en" data-theme="light"/);
    const tags = new Set([dark, light, none].map((r) => r.headers.get("etag")));
    expect(tags.size).toBe(3);
    // Each theme's copy revalidates on its own tag.
    const again = await get("/jobs?q=theme-variant", {
      Cookie: "theme=ImRhcmsi",
      "If-None-Match": dark.headers.get("etag")!,
    });
    expect(again.status).toBe(304);
  });

  it("show a job closed or reopened on the very next request", async () => {
    const card = `job-board-${jobId}`;
    expect(await (await get("/jobs?q=cacheable&location=")).text()).toContain(card);
    expect((await get(`/jobs/${jobId}`)).status).toBe(200);

    expect((await employer.post(`/employer/jobs/${jobId}/details`, { intent: "close" })).status).toBe(302);
    const afterClose = await get("/jobs?q=cacheable&location=");
    expect(afterClose.headers.get("cache-control")).toBe(PUBLIC);
    expect(await afterClose.text()).not.toContain(card);
    expect((await get(`/jobs/${jobId}`)).status).toBe(404);

    expect((await employer.post(`/employer/jobs/${jobId}/details`, { intent: "reopen" })).status).toBe(302);
    expect(await (await get("/jobs?q=cacheable&location=")).text()).toContain(card);
    expect((await get(`/jobs/${jobId}`)).status).toBe(200);
  });
});

/** What a person reads on a page: the text of its body, without scripts, entities decoded. */
function visibleText(html: string): string {
  const body = html.slice(html.indexOf("<body"), html.lastIndexOf("</body>"));
  return body
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The loader data a page carries for hydration: the scripts that stream it into window.__remixContext. */
const embeddedLoaderData = (html: string) =>
  [...html.matchAll(/<script>window\.__remixContext\.streamController\.enqueue\(([\s\S]*?)\);<\/script>/g)]
    .map((m) => m[1]!)
    .join("");

const decode = (text: string) =>
  text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("the /jobs page's size", () => {
  it(`stays within ${JOBS_PAGE_BUDGET.toLocaleString("en-US")} bytes of HTML for 20 results, each card an excerpt of at most 300 characters`, async () => {
    const html = await (await get("/jobs")).text();
    expect(html.match(/<li id="job-board-/g)).toHaveLength(20);
    // The data is the long kind: every title, logo, remote badge and salary is on the page.
    for (const job of BOARD) expect(decode(html)).toContain(`">${job.title}</h2>`);
    expect(html.match(/<img src="\/files\/logos\//g)).toHaveLength(BOARD.filter((j) => j.logo).length);
    expect(html.match(/>Remote<\/span>/g)).toHaveLength(BOARD.filter((j) => j.remote).length);
    const bytes = Buffer.byteLength(html);
    console.info(
      `/jobs with 20 results: ${bytes} bytes of HTML (${Buffer.byteLength(embeddedLoaderData(html))} of them loader data)`,
    );
    expect(bytes).toBeLessThanOrEqual(JOBS_PAGE_BUDGET);
    // The description's later parts never go out; its start does, cut to an excerpt.
    expect(html).not.toContain("What you&#x27;ll do");
    expect(html).not.toContain("About you");
    const excerpts = [...html.matchAll(/<p class="result-excerpt">([^<]*)<\/p>/g)].map((m) => decode(m[1]!));
    expect(excerpts).toHaveLength(20);
    for (const text of excerpts) {
      expect(text.length).toBeGreaterThan(200);
      expect(text.length).toBeLessThanOrEqual(300);
    }
  });

  // The criterion: what the page carries for hydration is not larger than what a person reads on
  // it (the body's text), and none of the cards' words (title, place, excerpt) is in it twice: the
  // HTML says them once and the browser reads them back from there.
  it("carries less loader data than the text it shows, and the cards' words only in the HTML", async () => {
    const html = await (await get("/jobs")).text();
    const data = embeddedLoaderData(html);
    const shown = visibleText(html);
    console.info(
      `/jobs: ${Buffer.byteLength(data)} bytes of loader data for ${Buffer.byteLength(shown)} bytes of visible text`,
    );
    expect(data.length).toBeGreaterThan(0);
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(Buffer.byteLength(shown));
    const excerpts = [...html.matchAll(/<p class="result-excerpt">([^<]*)<\/p>/g)].map((m) => decode(m[1]!));
    for (const text of excerpts) expect(data).not.toContain(text.slice(0, 60));
    for (const job of BOARD) expect(data).not.toContain(job.title.replace(/&/g, "\\u0026"));
    for (const job of BOARD) expect(data).not.toContain(job.title);
    // Nor the rest of what a card shows: its company (the logo's text), logo, badges and salary.
    for (const job of BOARD) expect(data).not.toContain(job.company);
    expect(data).not.toContain("/files/logos/");
    expect(data).not.toContain("Full-time");
    expect(data).not.toContain("$165,000");
  });

  // Apply Now on a visitor's card is a short link to the job's wizard for visitors (decision 080),
  // a page of this browser's own: never a shared copy.
  it("sends a visitor's Apply Now to the job's wizard without an account, never from the shared cache", async () => {
    const html = await (await get("/jobs")).text();
    const applyLinks = [
      ...html.matchAll(
        /<a class="apply-button" aria-labelledby="la t\d+" href="(\/jobs\/[0-9a-f-]+\/apply)">Apply Now<\/a>/g,
      ),
    ].map((m) => m[1]!);
    expect(applyLinks).toHaveLength(20);
    const id = applyLinks[0]!.split("/")[2]!;
    const answer = await get(applyLinks[0]!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toMatch(/private|no-store/);
    expect(answer.headers.getSetCookie().some((c) => c.startsWith("guest_apply="))).toBe(true);
    expect(await answer.text()).toContain(`action="/jobs/${id}/apply?step=1"`);
    // The words the cards' links are named by are on the page once, for all of them.
    expect(html.match(/<span id="la">Apply now to<\/span>/g)).toHaveLength(1);
  });

  it("answers a search's data (JavaScript's navigations, Load More) with what the cards show and no more", async () => {
    const data = await (await get("/jobs.data")).text();
    expect(data).not.toContain("Temporal"); // skills are on the detail, not the card
    expect(data).not.toContain("About you");
    expect(data).not.toContain("Software Engineering"); // the form's lists come with the page's code
    // Each card is its key, the few fields its badges and logo need, and its words: no description,
    // skills or benefits, no links (worked out from the key), no choice lists.
    for (const field of [
      "description",
      "skills",
      "benefits",
      "jobHref",
      "applyHref",
      "applyLink",
      "listingId",
      "sourceLabel",
      "choices",
      "categories",
    ]) {
      expect(data, field).not.toContain(`"${field}"`);
    }
    expect(data).toContain('"excerpt"');
    expect(Buffer.byteLength(data)).toBeLessThan(Buffer.byteLength(await (await get("/jobs")).text()) / 2);
  });
});

describe("with EDGE_CACHE=false", () => {
  let plain: AppServer;
  beforeAll(async () => {
    plain = await startAppServer(inject("adminDatabaseUrl"), { SEARCH_PROVIDER: "none", EDGE_CACHE: "false" });
  }, 120_000);
  afterAll(async () => {
    if (plain) expect(await plain.stop()).toBe(0);
  });

  it("renders a signed-out page in full each time, with no shared copy's headers", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${plain.baseUrl}/jobs`, { headers: { "Accept-Encoding": "identity" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).not.toBe(PUBLIC);
      expect(response.headers.get("etag")).toBeNull();
      expect(await response.text()).toContain("Find Your Next Opportunity");
    }
  });
});
