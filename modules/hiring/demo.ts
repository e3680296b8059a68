// Demo jobs: realistic, varied postings with screening questions, for a fresh database and the
// CLI's `demo:jobs`. Content comes from a seeded PRNG, so a seed always gives the same jobs (ids
// and dates aside). Rows go in with set-based SQL, a few thousand jobs per statement, because the
// ORM's unit of work is far too slow for the 100,000 jobs a load test wants.
import { randomUUID } from "node:crypto";
import type { EntityManager, Kysely } from "@mikro-orm/postgresql";
import { transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { memberFor } from "./team.ts";
import { placeKeys } from "./places.ts";
import type {
  Category,
  Currency,
  EmploymentType,
  ExperienceLevel,
  JobStatus,
  LocationType,
  QuestionCategory,
  QuestionType,
} from "./vocabulary.ts";

// ---------------------------------------------------------------------------------------------
// Randomness

type Rng = () => number;

/** mulberry32: a tiny, fast PRNG with a 32-bit state; plenty for demo data. */
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

/** `n` distinct items in random order. */
function sample<T>(rng: Rng, list: readonly T[], n: number): T[] {
  const copy = [...list];
  for (let i = 0; i < Math.min(n, copy.length); i++) {
    const j = i + Math.floor(rng() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

/** Picks by weight: `[[value, weight], ...]`. */
function weighted<T>(rng: Rng, options: readonly (readonly [T, number])[]): T {
  let r = rng() * options.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of options) if ((r -= w) < 0) return value;
  return options[options.length - 1]![0];
}

/** "a, b and c" */
const listOf = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);
const article = (word: string) => (/^[AEIOU]/i.test(word) ? "an" : "a");

// ---------------------------------------------------------------------------------------------
// Vocabulary of the postings

interface Role {
  title: string;
  /** The entry-level title when "Junior" or "Associate" plus the title reads wrong. */
  entry?: string;
  /** Mid-level base salary in US dollars a year, before location and level. */
  base: number;
  skills: string[];
}

interface Profile {
  team: string;
  /** What a person in this line of work is called, in "3+ years as a ...". */
  noun: string;
  roles: Role[];
  /** Titles of the executive-level openings. */
  executive: string[];
  /** Verb phrases for "you will ..." ({product} is the company's product). */
  duties: string[];
  /** Requirement sentences of the trade, beyond years and skills. */
  requirements: string[];
  /** Open screening questions of the trade. */
  questions: [string, QuestionCategory][];
  /** A multiple choice question of the trade. */
  choice: { text: string; options: string[]; category: QuestionCategory };
}

const PROFILES: Record<Category, Profile> = {
  "Software Engineering": {
    team: "engineering",
    noun: "software engineer",
    roles: [
      { title: "Backend Engineer", base: 150_000, skills: ["Go", "Java", "PostgreSQL", "Kafka", "gRPC", "Redis", "Docker", "Kubernetes", "AWS"] },
      { title: "Frontend Engineer", base: 140_000, skills: ["TypeScript", "React", "Next.js", "CSS", "Accessibility", "GraphQL", "Vite", "Playwright"] },
      { title: "Full-Stack Engineer", base: 145_000, skills: ["TypeScript", "React", "Node.js", "PostgreSQL", "Remix", "REST APIs", "Docker", "AWS"] },
      { title: "iOS Engineer", base: 145_000, skills: ["Swift", "SwiftUI", "UIKit", "Combine", "Xcode", "Core Data", "App Store Connect"] },
      { title: "Android Engineer", base: 140_000, skills: ["Kotlin", "Jetpack Compose", "Coroutines", "Gradle", "Room", "Firebase", "Java"] },
      { title: "Site Reliability Engineer", base: 160_000, skills: ["Kubernetes", "Terraform", "Prometheus", "Grafana", "Linux", "AWS", "Go", "Incident response"] },
      { title: "Platform Engineer", base: 158_000, skills: ["Kubernetes", "Terraform", "Go", "GitHub Actions", "Argo CD", "GCP", "Helm"] },
      { title: "Security Engineer", base: 165_000, skills: ["Threat modeling", "AWS", "Python", "SAST", "Penetration testing", "Zero trust", "OWASP Top 10"] },
      { title: "QA Automation Engineer", base: 115_000, skills: ["Playwright", "Cypress", "TypeScript", "Python", "CI/CD", "Test planning", "Postman"] },
    ],
    executive: ["VP of Engineering", "Head of Engineering", "Director of Platform Engineering"],
    duties: [
      "design, build and operate the services behind {product}",
      "own features end to end, from the first sketch to monitoring in production",
      "work closely with product and design to turn rough ideas into shipped software",
      "review code with care and help teammates ship small, safe changes",
      "improve our test suite and deployment pipeline so that releases stay boring",
      "take part in a fair on-call rotation and help us learn from every incident",
      "pay down technical debt where it slows the team, and write down why",
    ],
    requirements: [
      "You write clear, well-tested code and can explain the trade-offs you made.",
      "You have shipped and maintained software that real customers depend on.",
      "You are comfortable reading unfamiliar code and debugging across the stack.",
      "You care about observability: logs, metrics and traces that answer real questions.",
    ],
    questions: [
      ["Describe a production incident you helped resolve. What was the root cause and what changed afterwards?", "troubleshooting"],
      ["How would you design a rate limiter for a public API serving thousands of requests per second?", "system-design"],
      ["Tell us about a pull request you reviewed where you asked for significant changes. How did you approach it?", "code-quality"],
      ["Walk us through a system you built from scratch. Which decisions would you make differently today?", "practical-experience"],
      ["How do you decide between adding a cache and optimizing the underlying query?", "technical-deep"],
    ],
    choice: {
      text: "How do you prefer to test a new feature?",
      options: ["Test-driven from the start", "Unit tests after the first draft", "Mostly integration tests", "Manual testing plus monitoring"],
      category: "code-quality",
    },
  },
  "Data Science": {
    team: "data",
    noun: "data scientist or analyst",
    roles: [
      { title: "Data Scientist", base: 145_000, skills: ["Python", "pandas", "scikit-learn", "SQL", "Statistics", "A/B testing", "Jupyter"] },
      { title: "Machine Learning Engineer", base: 165_000, skills: ["Python", "PyTorch", "MLflow", "Kubernetes", "Feature stores", "SQL", "Model serving"] },
      { title: "Data Engineer", base: 148_000, skills: ["SQL", "dbt", "Airflow", "Spark", "Snowflake", "Python", "Kafka", "BigQuery"] },
      { title: "Data Analyst", base: 95_000, skills: ["SQL", "Looker", "Tableau", "Excel", "Python", "Dashboard design", "Stakeholder management"] },
      { title: "Analytics Engineer", base: 135_000, skills: ["dbt", "SQL", "Snowflake", "Looker", "Data modeling", "Git", "Airflow"] },
    ],
    executive: ["Head of Data", "VP of Data Science", "Director of Analytics"],
    duties: [
      "turn messy questions from the business into analyses people can act on",
      "build and maintain the pipelines and models that feed {product}",
      "design experiments, size their impact and explain the results in plain language",
      "partner with engineering to put models into production and keep them healthy",
      "raise the bar for data quality, documentation and reproducibility",
    ],
    requirements: [
      "You are fluent in SQL and comfortable with at least one scripting language.",
      "You have a solid grounding in statistics and know when a result is too good to be true.",
      "You can explain a complex analysis to people who will never read your notebook.",
      "You have worked with data at a scale where efficiency matters.",
    ],
    questions: [
      ["Tell us about an analysis that changed a decision. What did you find and how did you present it?", "practical-experience"],
      ["How would you detect and handle data drift in a model that is already in production?", "technical-deep"],
      ["Describe how you would design the data pipeline for a daily revenue dashboard.", "system-design"],
      ["A metric dropped 12% overnight. Walk us through how you would investigate.", "troubleshooting"],
    ],
    choice: {
      text: "Which part of the data lifecycle do you enjoy most?",
      options: ["Collecting and cleaning data", "Exploratory analysis", "Modeling", "Productionizing models", "Communicating results"],
      category: "practical-experience",
    },
  },
  "Product Management": {
    team: "product",
    noun: "product manager",
    roles: [
      { title: "Product Manager", base: 150_000, skills: ["Roadmapping", "User research", "Jira", "SQL", "A/B testing", "Prioritization", "Figma"] },
      { title: "Technical Product Manager", base: 160_000, skills: ["API design", "Roadmapping", "SQL", "Jira", "Technical specs", "Developer experience"] },
      { title: "Product Owner", entry: "Associate Product Owner", base: 120_000, skills: ["Scrum", "Backlog management", "Jira", "User stories", "Stakeholder management", "Confluence"] },
      { title: "Growth Product Manager", base: 155_000, skills: ["Experimentation", "Amplitude", "SQL", "Funnel analysis", "Onboarding", "Pricing"] },
    ],
    executive: ["VP of Product", "Head of Product", "Chief Product Officer"],
    duties: [
      "own the roadmap for a core part of {product} and explain the why behind it",
      "talk to customers every week and turn what you learn into clear problem statements",
      "work hand in hand with engineering and design from discovery to launch",
      "define success metrics up front and follow them after every release",
      "say no to good ideas so the team can focus on great ones",
    ],
    requirements: [
      "You have shipped products people use and can point to the outcomes.",
      "You write crisp specs and even crisper one-pagers.",
      "You are comfortable with data and can pull your own numbers when needed.",
      "You earn the trust of engineers by understanding the technical constraints.",
    ],
    questions: [
      ["Tell us about a feature you decided not to build. How did you make that call?", "practical-experience"],
      ["How would you prioritize a backlog where sales, support and engineering all disagree?", "custom"],
      ["Describe a launch that did not go to plan. What did you learn?", "troubleshooting"],
      ["Pick a product you use daily. What would you change first, and how would you measure it?", "custom"],
    ],
    choice: {
      text: "Which prioritization approach do you use most often?",
      options: ["RICE scoring", "Opportunity solution trees", "Cost of delay", "Stakeholder ranking", "Gut feeling backed by data"],
      category: "practical-experience",
    },
  },
  Design: {
    team: "design",
    noun: "designer",
    roles: [
      { title: "Product Designer", base: 135_000, skills: ["Figma", "Prototyping", "User research", "Interaction design", "Design systems", "Usability testing"] },
      { title: "UX Researcher", base: 125_000, skills: ["User interviews", "Usability testing", "Survey design", "Dovetail", "Synthesis", "Journey mapping"] },
      { title: "UI Designer", base: 115_000, skills: ["Figma", "Visual design", "Typography", "Design systems", "Illustration", "Motion design"] },
      { title: "Brand Designer", base: 105_000, skills: ["Adobe Illustrator", "Photoshop", "Brand identity", "Typography", "Figma", "Art direction"] },
      { title: "Content Designer", base: 110_000, skills: ["UX writing", "Content strategy", "Figma", "Style guides", "Information architecture", "Accessibility"] },
    ],
    executive: ["Head of Design", "VP of Design", "Design Director"],
    duties: [
      "shape the experience of {product} from early concepts to polished details",
      "run research with customers and bring their voices into every decision",
      "contribute to and care for our design system",
      "prototype quickly and test ideas before the team commits to building them",
      "work with engineers through implementation so what ships matches the intent",
    ],
    requirements: [
      "You have a portfolio that shows your process, not just the final screens.",
      "You design with accessibility in mind from the first sketch.",
      "You can give and receive critique with generosity and candor.",
      "You are comfortable working in ambiguity and bringing structure to it.",
    ],
    questions: [
      ["Walk us through a project in your portfolio: the problem, your process and the result.", "practical-experience"],
      ["How do you make sure a design works for people using a screen reader?", "technical-deep"],
      ["Tell us about a time research changed the direction of a design.", "custom"],
      ["How would you approach redesigning a complex settings page without breaking habits?", "system-design"],
    ],
    choice: {
      text: "Where do you usually start a new design problem?",
      options: ["User interviews", "Sketches on paper", "Competitive review", "Data and analytics", "A quick prototype"],
      category: "practical-experience",
    },
  },
  Marketing: {
    team: "marketing",
    noun: "marketer",
    roles: [
      { title: "Content Marketing Manager", entry: "Content Marketing Associate", base: 105_000, skills: ["Content strategy", "SEO", "Copywriting", "WordPress", "Editorial planning", "Analytics"] },
      { title: "Growth Marketing Manager", entry: "Growth Marketing Associate", base: 120_000, skills: ["Paid acquisition", "Google Ads", "Meta Ads", "Experimentation", "SQL", "Attribution"] },
      { title: "Product Marketing Manager", base: 130_000, skills: ["Positioning", "Messaging", "Launch planning", "Competitive analysis", "Sales enablement"] },
      { title: "SEO Specialist", entry: "SEO Specialist", base: 85_000, skills: ["Technical SEO", "Keyword research", "Ahrefs", "Google Search Console", "Content briefs", "HTML"] },
      { title: "Marketing Operations Manager", entry: "Marketing Operations Specialist", base: 110_000, skills: ["HubSpot", "Salesforce", "Marketing automation", "Lead scoring", "Reporting", "Zapier"] },
    ],
    executive: ["VP of Marketing", "Head of Marketing", "Chief Marketing Officer"],
    duties: [
      "tell the story of {product} in a way that makes the right people lean in",
      "plan and run campaigns across channels, and report honestly on what worked",
      "work with sales and product to sharpen our positioning",
      "build a steady engine of content that ranks, converts and gets shared",
      "own a budget and spend it like it is your own money",
    ],
    requirements: [
      "You have grown a channel or a program and can show the numbers behind it.",
      "You write clearly and edit ruthlessly.",
      "You are comfortable with marketing analytics and attribution, including their limits.",
      "You like working closely with sales, product and customer success.",
    ],
    questions: [
      ["Describe a campaign you ran from idea to results. What would you change?", "practical-experience"],
      ["How would you position our product against a cheaper, better-known competitor?", "custom"],
      ["A channel that used to perform well has stopped converting. How do you find out why?", "troubleshooting"],
    ],
    choice: {
      text: "Which channel have you grown the most?",
      options: ["Organic search", "Paid social", "Email and lifecycle", "Events and community", "Partnerships"],
      category: "practical-experience",
    },
  },
  Sales: {
    team: "sales",
    noun: "sales professional",
    roles: [
      { title: "Account Executive", base: 120_000, skills: ["Full-cycle sales", "Salesforce", "Discovery calls", "Negotiation", "MEDDICC", "Forecasting"] },
      { title: "Sales Development Representative", entry: "Sales Development Representative", base: 65_000, skills: ["Cold outreach", "Prospecting", "Outreach.io", "LinkedIn Sales Navigator", "Salesforce"] },
      { title: "Account Manager", base: 95_000, skills: ["Account planning", "Upselling", "Renewals", "Salesforce", "Gainsight", "QBRs"] },
      { title: "Sales Engineer", base: 145_000, skills: ["Technical demos", "Solution design", "APIs", "Security questionnaires", "Discovery", "POC management"] },
      { title: "Customer Success Manager", entry: "Customer Success Associate", base: 90_000, skills: ["Onboarding", "Churn reduction", "Gainsight", "Customer health scoring", "Renewals", "Zendesk"] },
    ],
    executive: ["VP of Sales", "Head of Sales", "Chief Revenue Officer"],
    duties: [
      "build relationships with teams who would benefit from {product}",
      "run thoughtful discovery and tailor every demo to what the customer needs",
      "keep a clean pipeline and forecast with honesty",
      "share what you hear from the field with product and marketing",
      "help shape the playbook as we grow into new segments",
    ],
    requirements: [
      "You have a track record of meeting or beating targets, and can tell us how.",
      "You are curious, prepared and comfortable with silence on a call.",
      "You keep your CRM accurate without being reminded.",
      "You are coachable and generous with your own learnings.",
    ],
    questions: [
      ["Tell us about the deal you are proudest of. What made the difference?", "practical-experience"],
      ["Walk us through how you prepare for a first discovery call.", "custom"],
      ["Describe a deal you lost late in the cycle. What happened?", "troubleshooting"],
    ],
    choice: {
      text: "What deal size have you closed most often?",
      options: ["Under $10k ARR", "$10k to $50k ARR", "$50k to $150k ARR", "Over $150k ARR"],
      category: "practical-experience",
    },
  },
  Finance: {
    team: "finance",
    noun: "finance professional",
    roles: [
      { title: "Financial Analyst", base: 95_000, skills: ["Financial modeling", "Excel", "Forecasting", "Variance analysis", "SQL", "Budgeting"] },
      { title: "FP&A Manager", entry: "FP&A Analyst", base: 140_000, skills: ["FP&A", "Financial modeling", "Adaptive Insights", "Board reporting", "Budgeting", "Excel"] },
      { title: "Accountant", base: 80_000, skills: ["GAAP", "Month-end close", "Reconciliations", "NetSuite", "Accounts payable", "Excel"] },
      { title: "Controller", entry: "Staff Accountant", base: 150_000, skills: ["GAAP", "Audit", "Month-end close", "NetSuite", "Revenue recognition", "Internal controls"] },
      { title: "Payroll Specialist", entry: "Payroll Specialist", base: 70_000, skills: ["Multi-state payroll", "ADP", "Gusto", "Benefits administration", "Compliance", "Excel"] },
    ],
    executive: ["VP of Finance", "Head of Finance", "Chief Financial Officer"],
    duties: [
      "keep our books accurate and our close fast and predictable",
      "build the models that help leaders make decisions about {product}",
      "partner with budget owners across the company and keep spending honest",
      "improve our processes and systems as we scale",
      "prepare clear reporting for leadership and the board",
    ],
    requirements: [
      "You are precise with numbers and calm under deadlines.",
      "You can explain financial results to people who are not in finance.",
      "You have automated at least one painful manual process.",
      "You have experience in a fast-growing company or a similar pace.",
    ],
    questions: [
      ["Describe the most complex financial model you have built. Who used it and for what?", "technical-deep"],
      ["How would you shorten a month-end close from ten days to five?", "system-design"],
      ["Tell us about a reconciliation that did not tie out. How did you find the issue?", "troubleshooting"],
    ],
    choice: {
      text: "Which ERP have you used the most?",
      options: ["NetSuite", "SAP", "QuickBooks", "Microsoft Dynamics", "Xero"],
      category: "practical-experience",
    },
  },
  Operations: {
    team: "operations",
    noun: "operations professional",
    roles: [
      { title: "Operations Manager", entry: "Operations Associate", base: 100_000, skills: ["Process design", "Vendor management", "KPIs", "Lean", "Project management", "Excel"] },
      { title: "Business Operations Analyst", base: 90_000, skills: ["SQL", "Excel", "Process mapping", "Reporting", "Forecasting", "Looker"] },
      { title: "Supply Chain Coordinator", entry: "Supply Chain Coordinator", base: 70_000, skills: ["Logistics", "Inventory planning", "ERP systems", "Supplier relations", "Forecasting"] },
      { title: "Program Manager", base: 130_000, skills: ["Program management", "Risk management", "Stakeholder management", "Asana", "OKRs", "Budgeting"] },
      { title: "Office Manager", entry: "Office Coordinator", base: 65_000, skills: ["Workplace operations", "Event planning", "Vendor management", "Budgeting", "Google Workspace"] },
    ],
    executive: ["VP of Operations", "Head of Operations", "Chief Operating Officer"],
    duties: [
      "find the friction in how we work and remove it",
      "run cross-functional programs that keep {product} and the teams behind it moving",
      "own key vendor relationships and negotiate fair terms",
      "build dashboards that show how the business is doing at a glance",
      "write the playbooks that let the team scale without chaos",
    ],
    requirements: [
      "You are highly organized and enjoy bringing order to messy processes.",
      "You are comfortable with spreadsheets, dashboards and basic SQL.",
      "You communicate clearly with people at every level of the company.",
      "You follow through, and you say so early when something is slipping.",
    ],
    questions: [
      ["Tell us about a process you redesigned. What was the measurable result?", "practical-experience"],
      ["How would you roll out a new tool to a team that is happy with the old one?", "custom"],
      ["A key supplier misses a delivery date. What are your first three steps?", "troubleshooting"],
    ],
    choice: {
      text: "Which project management tool do you know best?",
      options: ["Asana", "Jira", "Monday.com", "Notion", "Smartsheet"],
      category: "practical-experience",
    },
  },
  HR: {
    team: "people",
    noun: "people professional",
    roles: [
      { title: "Technical Recruiter", base: 95_000, skills: ["Sourcing", "Greenhouse", "Interview design", "LinkedIn Recruiter", "Offer negotiation", "Employer branding"] },
      { title: "People Partner", entry: "People Operations Associate", base: 115_000, skills: ["Employee relations", "Performance management", "Coaching", "Employment law", "Org design"] },
      { title: "Talent Acquisition Coordinator", entry: "Talent Acquisition Coordinator", base: 60_000, skills: ["Interview scheduling", "Greenhouse", "Candidate experience", "Google Workspace", "Reporting"] },
      { title: "Learning and Development Specialist", base: 85_000, skills: ["Training design", "Facilitation", "LMS administration", "Onboarding", "Career frameworks"] },
      { title: "Compensation Analyst", base: 105_000, skills: ["Compensation benchmarking", "Pave", "Excel", "Equity plans", "Pay equity analysis"] },
    ],
    executive: ["Head of People", "VP of People", "Chief People Officer"],
    duties: [
      "help us hire, grow and keep the people who build {product}",
      "design fair, consistent processes for hiring, reviews and promotions",
      "coach managers through hard conversations",
      "use data to spot problems early, from attrition to pay gaps",
      "make onboarding something new hires talk about for the right reasons",
    ],
    requirements: [
      "You have handled sensitive situations with discretion and good judgment.",
      "You know employment basics in the regions we hire in, and when to call counsel.",
      "You balance empathy for employees with the needs of the business.",
      "You are organized and keep promises to candidates and colleagues alike.",
    ],
    questions: [
      ["Describe a hard-to-fill role you hired for. How did you find the person?", "practical-experience"],
      ["How would you make our interview process fairer and more consistent?", "system-design"],
      ["A manager tells you their best engineer is about to quit. What do you do?", "custom"],
    ],
    choice: {
      text: "Which applicant tracking system have you used most?",
      options: ["Greenhouse", "Lever", "Workday", "Ashby", "SmartRecruiters"],
      category: "practical-experience",
    },
  },
  Other: {
    team: "support",
    noun: "professional in a customer-facing role",
    roles: [
      { title: "Customer Support Specialist", entry: "Customer Support Specialist", base: 55_000, skills: ["Zendesk", "Intercom", "Troubleshooting", "Knowledge base writing", "Jira", "Customer escalations"] },
      { title: "Technical Writer", base: 105_000, skills: ["Technical writing", "Markdown", "Docs as code", "API documentation", "Git", "Information architecture"] },
      { title: "Community Manager", entry: "Community Coordinator", base: 80_000, skills: ["Community building", "Discord", "Event planning", "Social media", "Content creation"] },
      { title: "Executive Assistant", entry: "Executive Assistant", base: 75_000, skills: ["Calendar management", "Travel planning", "Google Workspace", "Board meeting prep", "Expense reporting", "Notion"] },
      { title: "Legal Counsel", entry: "Legal Associate", base: 170_000, skills: ["Commercial contracts", "Privacy law", "GDPR", "Negotiation", "Employment law", "Compliance"] },
    ],
    executive: ["Head of Customer Experience", "General Counsel", "Chief of Staff"],
    duties: [
      "be the person customers are glad they reached when {product} gets in their way",
      "turn recurring questions into clear documentation",
      "work with product and engineering to fix problems at the source",
      "help shape the tone and standards of how we communicate",
      "take ownership of the tools and processes you use every day",
    ],
    requirements: [
      "You write clearly, warmly and without jargon.",
      "You stay calm and helpful when someone is frustrated.",
      "You are organized and can juggle many threads without dropping any.",
      "You are curious about how things work and like to learn the product deeply.",
    ],
    questions: [
      ["Tell us about a time you turned an unhappy customer into a fan.", "practical-experience"],
      ["How do you decide what to document and what to leave out?", "custom"],
      ["A customer reports a problem nobody can reproduce. How do you proceed?", "troubleshooting"],
    ],
    choice: {
      text: "Which support channel do you enjoy most?",
      options: ["Email", "Live chat", "Phone", "Community forums"],
      category: "practical-experience",
    },
  },
};

const CATEGORY_WEIGHTS: [Category, number][] = [
  ["Software Engineering", 26],
  ["Data Science", 10],
  ["Product Management", 8],
  ["Design", 8],
  ["Marketing", 9],
  ["Sales", 11],
  ["Finance", 7],
  ["Operations", 8],
  ["HR", 6],
  ["Other", 7],
];

/** Fictional companies: a name and a line about what they do. */
const DEMO_COMPANIES: { name: string; about: string; product: string }[] = [
  { name: "Brightwave Analytics", about: "helps retailers forecast demand with real-time sales data", product: "our forecasting platform" },
  { name: "Harborline Logistics", about: "moves freight for thousands of small shippers across North America", product: "our shipping platform" },
  { name: "Mosaic Health", about: "builds software that lets clinics spend less time on paperwork", product: "our clinic software" },
  { name: "Tidewater Energy", about: "develops community solar projects and the software that runs them", product: "our energy platform" },
  { name: "Quillstone Learning", about: "makes online courses that adults actually finish", product: "our learning app" },
  { name: "Ferngrove Finance", about: "gives small businesses fair, fast access to working capital", product: "our lending platform" },
  { name: "Lumen & Oak", about: "designs furniture sold directly to customers in twelve countries", product: "our online store" },
  { name: "Atlas Robotics", about: "builds autonomous robots for warehouse picking", product: "our robot fleet software" },
  { name: "Copperleaf Games", about: "is an independent studio making cozy multiplayer games", product: "our games" },
  { name: "Silverpine Security", about: "protects mid-sized companies from account takeover and fraud", product: "our security platform" },
  { name: "Orbital Kitchens", about: "runs delivery-only kitchens for local restaurant brands", product: "our ordering system" },
  { name: "Greenfield Agritech", about: "helps farmers cut water use with soil sensors and forecasts", product: "our farm monitoring app" },
  { name: "Pinecrest Insurance", about: "is rebuilding home insurance around honest pricing", product: "our insurance app" },
  { name: "Signal Peak Media", about: "publishes independent journalism for two million readers", product: "our publishing platform" },
  { name: "Riverbend Travel", about: "plans small-group trips with local guides", product: "our booking platform" },
  { name: "Cobalt Cloudworks", about: "offers managed databases for teams without a DBA", product: "our database platform" },
];

const GENERIC_ABOUT = [
  { about: "is a fast-growing software company serving customers around the world", product: "our product" },
  { about: "builds tools that help teams do their best work", product: "our platform" },
  { about: "is a profitable, founder-led company with a loyal customer base", product: "our product" },
];

interface Place {
  location: string;
  country: string;
  currency: Currency;
  /** Salary numbers in the local currency relative to US dollars, cost of living included. */
  pay: number;
}

const PLACES: [Place, number][] = [
  [{ location: "Austin, TX, United States", country: "the United States", currency: "USD", pay: 0.95 }, 5],
  [{ location: "San Francisco, CA, United States", country: "the United States", currency: "USD", pay: 1.2 }, 6],
  [{ location: "New York, NY, United States", country: "the United States", currency: "USD", pay: 1.15 }, 6],
  [{ location: "Seattle, WA, United States", country: "the United States", currency: "USD", pay: 1.1 }, 4],
  [{ location: "Chicago, IL, United States", country: "the United States", currency: "USD", pay: 0.95 }, 3],
  [{ location: "Denver, CO, United States", country: "the United States", currency: "USD", pay: 0.95 }, 3],
  [{ location: "Boston, MA, United States", country: "the United States", currency: "USD", pay: 1.05 }, 3],
  [{ location: "Atlanta, GA, United States", country: "the United States", currency: "USD", pay: 0.9 }, 2],
  [{ location: "Raleigh, NC, United States", country: "the United States", currency: "USD", pay: 0.88 }, 2],
  [{ location: "Toronto, ON, Canada", country: "Canada", currency: "CAD", pay: 1.0 }, 3],
  [{ location: "Vancouver, BC, Canada", country: "Canada", currency: "CAD", pay: 1.0 }, 2],
  [{ location: "Montreal, QC, Canada", country: "Canada", currency: "CAD", pay: 0.9 }, 1],
  [{ location: "London, United Kingdom", country: "the United Kingdom", currency: "GBP", pay: 0.62 }, 5],
  [{ location: "Manchester, United Kingdom", country: "the United Kingdom", currency: "GBP", pay: 0.5 }, 2],
  [{ location: "Edinburgh, United Kingdom", country: "the United Kingdom", currency: "GBP", pay: 0.5 }, 1],
  [{ location: "Berlin, Germany", country: "Germany", currency: "EUR", pay: 0.55 }, 4],
  [{ location: "Munich, Germany", country: "Germany", currency: "EUR", pay: 0.6 }, 2],
  [{ location: "Amsterdam, Netherlands", country: "the Netherlands", currency: "EUR", pay: 0.6 }, 3],
  [{ location: "Paris, France", country: "France", currency: "EUR", pay: 0.55 }, 2],
  [{ location: "Dublin, Ireland", country: "Ireland", currency: "EUR", pay: 0.65 }, 2],
  [{ location: "Barcelona, Spain", country: "Spain", currency: "EUR", pay: 0.42 }, 2],
  [{ location: "Lisbon, Portugal", country: "Portugal", currency: "EUR", pay: 0.38 }, 1],
  [{ location: "Remote", country: "the United States", currency: "USD", pay: 1.0 }, 8],
  [{ location: "Remote (US)", country: "the United States", currency: "USD", pay: 1.0 }, 5],
  [{ location: "Remote (Europe)", country: "the European Union", currency: "EUR", pay: 0.55 }, 4],
  [{ location: "Remote (Canada)", country: "Canada", currency: "CAD", pay: 0.95 }, 1],
  [{ location: "Remote (UK)", country: "the United Kingdom", currency: "GBP", pay: 0.55 }, 1],
];

const LEVELS: [ExperienceLevel, number][] = [
  ["entry", 14],
  ["mid", 34],
  ["senior", 32],
  ["lead", 13],
  ["executive", 7],
];
const LEVEL_PAY: Record<ExperienceLevel, number> = { entry: 0.7, mid: 1, senior: 1.25, lead: 1.45, executive: 1.9 };
const LEVEL_YEARS: Record<ExperienceLevel, string> = {
  entry: "Up to two years of experience, or a degree or bootcamp in a related field",
  mid: "Three or more years of experience as a {noun}",
  senior: "Five or more years of experience as a {noun}",
  lead: "Seven or more years of experience, including leading projects or mentoring others",
  executive: "Ten or more years of experience, with several years leading teams of managers",
};

const EMPLOYMENT: [EmploymentType, number][] = [
  ["FULLTIME", 76],
  ["CONTRACT", 10],
  ["PARTTIME", 7],
  ["FREELANCE", 7],
];
const EMPLOYMENT_PAY: Record<EmploymentType, number> = { FULLTIME: 1, CONTRACT: 1.1, PARTTIME: 0.5, FREELANCE: 1.05 };
const EMPLOYMENT_LINE: Record<EmploymentType, string[]> = {
  FULLTIME: ["This is a full-time, permanent position.", "This is a full-time role with a clear path to grow."],
  CONTRACT: ["This is a six-month contract with a good chance of extension.", "This is a twelve-month contract, paid monthly."],
  PARTTIME: ["This is a part-time role of about 20 to 24 hours a week.", "This role is part-time, three days a week, and the days are flexible."],
  FREELANCE: ["This is a freelance engagement: you invoice monthly and set your own hours within a few hours of overlap.", "We're looking for a freelancer for an initial three-month engagement."],
};

const BENEFITS = {
  "the United States": ["Medical, dental and vision insurance", "401(k) with a 4% company match", "Unlimited PTO with a 20-day minimum", "16 weeks of paid parental leave"],
  Canada: ["Extended health and dental coverage", "RRSP matching up to 4%", "Four weeks of paid vacation"],
  "the United Kingdom": ["Private medical insurance", "Pension contributions of 6%", "25 days of holiday plus bank holidays", "Cycle to work scheme"],
  europe: ["30 days of paid vacation", "Company pension plan", "Public transport pass", "Generous parental leave"],
  everywhere: [
    "Annual learning budget",
    "Home office setup budget",
    "Flexible working hours",
    "Equity in a growing company",
    "Mental health support",
    "Yearly team offsite",
    "Wellness allowance",
    "Latest laptop of your choice",
    "Paid volunteer days",
  ],
};

const CLOSINGS = [
  "We keep meetings few and short, write things down, and give people room to do their best work.",
  "We hire for curiosity and kindness as much as for experience, and we'd love to hear from you even if you don't tick every box.",
  "You'll join a small team that ships often, talks to customers and takes pride in the details.",
  "We're committed to building a diverse team and welcome applicants from every background.",
  "Our interview process is short and respectful of your time: one call, one practical exercise, one conversation with the team.",
];

// ---------------------------------------------------------------------------------------------
// Generating postings

export interface DemoQuestion {
  questionText: string;
  questionType: QuestionType;
  category: QuestionCategory;
  options: string[] | null;
  required: boolean;
}

export interface DemoJob {
  title: string;
  companyName: string;
  location: string;
  locationType: LocationType;
  employmentType: EmploymentType;
  category: Category;
  experienceLevel: ExperienceLevel;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: Currency;
  requirements: string;
  description: string;
  skills: string[];
  benefits: string[];
  questions: DemoQuestion[];
  /** How long ago it was published, in minutes (up to ~45 days). */
  ageMinutes: number;
  /** How long before publishing it was written, in minutes. */
  draftMinutes: number;
}

function titleFor(rng: Rng, profile: Profile, role: Role, level: ExperienceLevel): string {
  switch (level) {
    case "entry":
      if (role.entry) return role.entry;
      return /Engineer|Scientist|Analyst|Designer|Writer|Accountant|Researcher/.test(role.title) ? `Junior ${role.title}` : `Associate ${role.title}`;
    case "mid":
      return role.title;
    case "senior":
      return `Senior ${role.title}`;
    case "lead":
      return /Engineer/.test(role.title) ? `${pick(rng, ["Staff", "Lead"])} ${role.title}` : `Lead ${role.title}`;
    case "executive":
      return pick(rng, profile.executive);
  }
}

/** A yearly range around `mid`, rounded to a step that suits its size (min < max). */
function salaryRange(rng: Rng, mid: number): [number, number] {
  const step = mid >= 60_000 ? 5_000 : 1_000;
  const spread = 0.08 + rng() * 0.1;
  const min = Math.max(step, Math.round((mid * (1 - spread)) / step) * step);
  return [min, Math.max(min + step, Math.round((mid * (1 + spread)) / step) * step)];
}

function companyAbout(name: string): { about: string; product: string } {
  const known = DEMO_COMPANIES.find((c) => c.name === name);
  if (known) return known;
  const hash = [...name].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
  return GENERIC_ABOUT[hash % GENERIC_ABOUT.length]!;
}

function questionsFor(rng: Rng, profile: Profile, skills: string[], place: Place, companyName: string): DemoQuestion[] {
  const q = (questionText: string, questionType: QuestionType, category: QuestionCategory, options: string[] | null = null): DemoQuestion => ({
    questionText,
    questionType,
    category,
    options,
    required: rng() < 0.8,
  });
  const used = sample(rng, skills, Math.min(4, skills.length));
  // One of each type, so every job shows the three kinds; the rest are drawn from a mixed pool.
  const open = sample(rng, profile.questions, 2);
  const questions = [
    q(open[0]![0], "text", open[0]![1]),
    rng() < 0.5
      ? q("Which of these have you used in production?", "multiple_choice", "practical-experience", [...used, "None of these yet"].slice(0, 5))
      : q(profile.choice.text, "multiple_choice", profile.choice.category, profile.choice.options),
    q(`How would you rate your experience with ${used[0]}?`, "rating", "technical-deep"),
  ];
  const pool = [
    q(open[1]![0], "text", open[1]![1]),
    q(`Why would you like to work at ${companyName}?`, "text", "custom"),
    q("Tell us about a project you are proud of and the part you played in it.", "text", "practical-experience"),
    q("When could you start?", "multiple_choice", "custom", ["Immediately", "Within two weeks", "Within a month", "In two months or more"]),
    q(`Are you authorized to work in ${place.country}?`, "multiple_choice", "custom", ["Yes", "I would need sponsorship", "I'm not sure"]),
    q("How many years of professional experience do you have in this field?", "multiple_choice", "practical-experience", ["Less than 2", "2 to 4", "5 to 9", "10 or more"]),
    q(`How would you rate your experience with ${used[1]}?`, "rating", "technical-deep"),
    q("How comfortable are you explaining your work to people outside your field?", "rating", "custom"),
  ];
  return [...questions, ...sample(rng, pool, int(rng, 0, 3))];
}

function benefitsFor(rng: Rng, place: Place, employmentType: EmploymentType): string[] {
  const local =
    place.country in BENEFITS ? BENEFITS[place.country as keyof typeof BENEFITS] : place.currency === "EUR" ? BENEFITS.europe : [];
  // Contractors and freelancers don't get employee benefits: fewer, and only the general ones.
  const contract = employmentType === "CONTRACT" || employmentType === "FREELANCE";
  const count = contract ? 2 : int(rng, 3, 5);
  const fromLocal = contract ? [] : sample(rng, local, Math.min(local.length, int(rng, 1, 2)));
  return [...fromLocal, ...sample(rng, BENEFITS.everywhere, count - fromLocal.length)];
}

/** One posting. `companyName` is the employer's company, or one of the demo companies. */
function makeDemoJob(rng: Rng, companyName?: string): DemoJob {
  const category = weighted(rng, CATEGORY_WEIGHTS);
  const profile = PROFILES[category];
  const role = pick(rng, profile.roles);
  const level = weighted(rng, LEVELS);
  const place = weighted(rng, PLACES);
  const remote = place.location.startsWith("Remote");
  const locationType: LocationType = remote ? "remote" : weighted(rng, [["onsite", 40], ["hybrid", 45], ["remote", 15]] as const);
  const employmentType = level === "executive" ? "FULLTIME" : weighted(rng, EMPLOYMENT);
  const company = companyName ?? pick(rng, DEMO_COMPANIES).name;
  const { about, product } = companyAbout(company);
  const title = titleFor(rng, profile, role, level);
  const skills = sample(rng, role.skills, int(rng, 3, Math.min(8, role.skills.length)));

  let salaryMin: number | null = null;
  let salaryMax: number | null = null;
  const shown = rng();
  if (shown < 0.82) {
    const mid = role.base * LEVEL_PAY[level] * place.pay * EMPLOYMENT_PAY[employmentType] * (0.92 + rng() * 0.16);
    [salaryMin, salaryMax] = salaryRange(rng, mid);
    if (shown > 0.78) salaryMax = null; // "From ..." postings
  }

  const city = place.location.split(",")[0];
  const where =
    locationType === "remote"
      ? remote
        ? " This role is fully remote."
        : ` This role is remote, with our team based in ${city}.`
      : locationType === "hybrid"
        ? ` You'll work from our ${city} office two or three days a week and from home the rest.`
        : ` You'll work from our ${city} office alongside the rest of the ${profile.team} team.`;
  const duties = sample(rng, profile.duties, 3).map((d) => d.replace("{product}", product));
  const description = [
    `${company} ${about}. We're looking for ${article(title)} ${title} to join our ${profile.team} team.${where}`,
    `As ${article(title)} ${title}, you will ${duties[0]}. You'll also ${duties[1]}. Just as important, you'll ${duties[2]}. ` +
      `Day to day you'll work with ${listOf(skills.slice(0, 3))}.`,
    `${pick(rng, EMPLOYMENT_LINE[employmentType])} ${pick(rng, CLOSINGS)}`,
  ].join("\n\n");

  const [first, second, ...rest] = skills;
  const requirements = [
    `${LEVEL_YEARS[level].replace("{noun}", profile.noun)}.`,
    `Hands-on experience with ${first} and ${second}.`,
    rest.length ? `Familiarity with ${listOf(rest.slice(0, 3))} is a plus.` : null,
    ...sample(rng, profile.requirements, 2),
    remote || locationType === "remote"
      ? `You're based in ${place.country} and work well asynchronously, in writing.`
      : `You live within commuting distance of ${city}, or are happy to relocate.`,
  ]
    .filter((line): line is string => line !== null)
    .map((line) => `- ${line}`)
    .join("\n");

  return {
    title,
    companyName: company,
    location: place.location,
    locationType,
    employmentType,
    category,
    experienceLevel: level,
    salaryMin,
    salaryMax,
    salaryCurrency: place.currency,
    requirements,
    description,
    skills,
    benefits: benefitsFor(rng, place, employmentType),
    questions: questionsFor(rng, profile, skills, place, company),
    // Skewed towards recent days, as on a live board.
    ageMinutes: Math.floor(rng() ** 1.4 * 45 * 24 * 60),
    draftMinutes: int(rng, 5, 180),
  };
}

/** `count` postings from `seed`; job i goes to companies[i % length] when companies are given. */
export function generateDemoJobs(count: number, seed = 1, companies: string[] = []): DemoJob[] {
  const rng = mulberry32(seed);
  return Array.from({ length: count }, (_, i) => makeDemoJob(rng, companies.length ? companies[i % companies.length] : undefined));
}

// ---------------------------------------------------------------------------------------------
// Inserting

const BATCH = 2_000;

// One JSON document per batch, unpacked by PostgreSQL: a single round trip and no per-row
// parameters.
const INSERT_JOBS = `
  insert into jobs (id, employer_id, company_id, status, title, company_name, location, place_keys, location_type, employment_type,
                    category, experience_level, salary_min, salary_max, salary_currency, requirements,
                    description, benefits, skills, created_at, updated_at, published_at)
  select id, employer_id, company_id, status, title, company_name, location, array(select json_array_elements_text(place_keys)), location_type, employment_type,
         category, experience_level, salary_min, salary_max, salary_currency, requirements,
         description, benefits, skills, created_at, published_at, published_at
    from json_to_recordset($1::json) as j(id uuid, employer_id uuid, company_id uuid, status text, title text,
         company_name text, location text, place_keys json, location_type text, employment_type text, category text,
         experience_level text, salary_min int, salary_max int, salary_currency text,
         requirements text, description text, benefits jsonb, skills jsonb, created_at timestamptz,
         published_at timestamptz)`;

const INSERT_QUESTIONS = `
  insert into job_questions (id, job_id, question_text, question_type, category, options, required, order_index)
  select gen_random_uuid(), job_id, question_text, question_type, category, options, required, order_index
    from json_to_recordset($1::json) as q(job_id uuid, question_text text, question_type text,
         category text, options jsonb, required boolean, order_index int)`;

/**
 * Runs SQL with real bind parameters ($1) on the transaction's connection. em.execute() would do,
 * but it inlines `?` parameters as quoted literals, escaping them a character at a time: about
 * half a second per 5 MB batch, which made 100,000 jobs take 53 s instead of 20 s. Kysely is the
 * ORM's own driver layer (lib/queue.ts hands it to pg-boss the same way).
 */
function executeBound(tx: EntityManager, text: string, parameters: unknown[]) {
  const query = { sql: text, parameters, query: { kind: "RawNode" }, queryId: { queryId: "demo-jobs" } };
  return tx.getKysely().executeQuery(query as unknown as Parameters<Kysely<unknown>["executeQuery"]>[0]);
}

export interface InsertDemoJobsOptions {
  count: number;
  /** Jobs go to these employers in turn (none: jobs without an employer). */
  employerIds: string[];
  /** The employers' company names; an employer without one gets a demo company of its own. */
  companyNames?: Record<string, string | null | undefined>;
  seed?: number;
  status?: Exclude<JobStatus, "draft">;
}

/** Inserts `count` demo jobs with their screening questions in one transaction; returns the count. */
export async function insertDemoJobs(options: InsertDemoJobsOptions): Promise<number> {
  const { count, employerIds, companyNames = {}, seed = 1, status = "active" } = options;
  const rng = mulberry32(seed);
  const companies = employerIds.map((id, k) => companyNames[id] || DEMO_COMPANIES[(seed + k) % DEMO_COMPANIES.length]!.name);
  const start = now().getTime();
  // Each employer's company (made now if they have none yet).
  const companyOf = new Map<string, string>();
  for (const id of new Set(employerIds)) companyOf.set(id, (await memberFor(id)).companyId);

  /** Jobs [from, to) and their questions, as the two statements' JSON parameters. */
  const batch = (from: number, to: number): [string, string] => {
    const jobs: unknown[] = [];
    const questions: unknown[] = [];
    for (let i = from; i < to; i++) {
      const job = makeDemoJob(rng, companies.length ? companies[i % companies.length] : undefined);
      const id = randomUUID();
      const publishedAt = start - job.ageMinutes * 60_000;
      const employerId = employerIds.length ? employerIds[i % employerIds.length]! : null;
      jobs.push({
        id,
        employer_id: employerId,
        company_id: employerId ? companyOf.get(employerId) : null,
        status,
        title: job.title,
        company_name: job.companyName,
        location: job.location,
        place_keys: placeKeys(job.location),
        location_type: job.locationType,
        employment_type: job.employmentType,
        category: job.category,
        experience_level: job.experienceLevel,
        salary_min: job.salaryMin,
        salary_max: job.salaryMax,
        salary_currency: job.salaryCurrency,
        requirements: job.requirements,
        description: job.description,
        benefits: job.benefits,
        skills: job.skills,
        created_at: new Date(publishedAt - job.draftMinutes * 60_000).toISOString(),
        published_at: new Date(publishedAt).toISOString(),
      });
      job.questions.forEach((q, order) =>
        questions.push({
          job_id: id,
          question_text: q.questionText,
          question_type: q.questionType,
          category: q.category,
          options: q.options ?? undefined, // absent reads as SQL null
          required: q.required,
          order_index: order,
        }),
      );
    }
    return [JSON.stringify(jobs), JSON.stringify(questions)];
  };

  await transaction(async (tx) => {
    // The next batch is built while the database writes the previous one.
    let writing: Promise<unknown> = Promise.resolve();
    for (let from = 0; from < count; from += BATCH) {
      const [jobs, questions] = batch(from, Math.min(count, from + BATCH));
      await writing;
      writing = executeBound(tx, INSERT_JOBS, [jobs]).then(() => executeBound(tx, INSERT_QUESTIONS, [questions]));
    }
    await writing;
  });
  return count;
}
