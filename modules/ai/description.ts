// The built-in job description: composed from the title, company, requirements and extra details
// the employer typed. What the employer typed appears as phrases (a list after "What matters
// most:", a bullet), never pasted into a sentence written around it: "Keep our {requirement}
// practice current" reads as filler whatever the requirement is. Written in the small Markdown subset job descriptions use (a paragraph, "## "
// headings, "- " bullets; see hiring's rich-text rules): the summary first, so previews read it,
// then responsibilities, preferred qualifications and culture. The job page shows the employer's
// requirements and benefits in their own sections, so the description does not repeat them.
// Wording varies by job but never by run.
import {
  article,
  clip,
  focusSkills,
  hash,
  joinList,
  knownSkillsIn,
  pick,
  requirementLines,
  uniqueNoCase,
} from "./text.ts";
import type { DescriptionInput } from "./types.ts";

interface RoleFamily {
  match: RegExp;
  purposes: string[];
  duties: string[];
  preferred: string[];
}

// What people in a kind of role do; chosen by words in the title.
const FAMILIES: RoleFamily[] = [
  {
    match: /engineer|developer|programmer|devops|\bsre\b|architect|software|frontend|backend|full[- ]?stack/i,
    purposes: [
      "design, build and run the software our customers rely on",
      "turn product ideas into reliable, well-tested software",
      "build and improve the systems behind our product",
    ],
    duties: [
      "Design, build and ship features end to end, from the first sketch to production",
      "Review code and share what you know through pairing and clear write-ups",
      "Keep what you build observable, tested and easy to change",
      "Work with product and design to shape what the team builds next",
    ],
    preferred: ["Experience in a product team that ships small changes often", "Experience mentoring other engineers"],
  },
  {
    match: /data|analyst|scientist|machine learning|\bml\b|analytics|\bbi\b/i,
    purposes: [
      "turn our data into decisions people can trust",
      "find the answers in our data and make them easy to act on",
    ],
    duties: [
      "Frame questions with stakeholders and agree how the answer will be used",
      "Build and maintain reliable data sets, models and dashboards",
      "Explain findings in plain language, with their limits stated",
      "Improve data quality and the way the team measures success",
    ],
    preferred: [
      "Experience presenting analysis to non-specialist audiences",
      "Experience running experiments in production",
    ],
  },
  {
    match: /design|\bux\b|\bui\b|researcher/i,
    purposes: [
      "shape products that are clear, accessible and a pleasure to use",
      "turn research and ideas into designs our customers love",
    ],
    duties: [
      "Take problems from research through sketches and prototypes to finished designs",
      "Test ideas with real users and bring what you learn back to the team",
      "Keep the design system consistent and accessible",
      "Work closely with engineers so designs ship as intended",
    ],
    preferred: ["A portfolio that shows how you reached your decisions", "Experience with accessibility standards"],
  },
  {
    match: /product (?:manager|owner|lead)|\bpm\b/i,
    purposes: [
      "decide what we build next and make sure it matters to customers",
      "lead a product area from discovery to delivery",
    ],
    duties: [
      "Talk to customers regularly and turn what you learn into clear problems to solve",
      "Own the roadmap for your area and explain the reasons behind it",
      "Write crisp requirements and agree success measures before work starts",
      "Work with engineering and design to ship, measure and iterate",
    ],
    preferred: ["Experience in a fast-growing product company", "A technical or analytical background"],
  },
  {
    match: /marketing|\bseo\b|content|brand|growth|communications/i,
    purposes: [
      "grow our audience and turn attention into customers",
      "tell our story in a way that brings the right customers to us",
    ],
    duties: [
      "Plan and run campaigns across the channels that reach our customers",
      "Create and improve content, measuring what works",
      "Report on results and adjust spend and plans accordingly",
      "Work with sales and product on positioning and launches",
    ],
    preferred: ["Experience in a B2B or subscription business", "Hands-on experience with marketing analytics"],
  },
  {
    match: /sales|account (?:executive|manager)|business development|\bsdr\b|\bbdr\b/i,
    purposes: [
      "win new customers and grow the accounts we have",
      "build lasting relationships that turn into long-term customers",
    ],
    duties: [
      "Build and manage a healthy pipeline from first contact to signed contract",
      "Understand each customer's needs and shape proposals around them",
      "Keep the CRM accurate and forecasts honest",
      "Share what customers tell you with product and marketing",
    ],
    preferred: ["A record of meeting or exceeding targets", "Experience selling to the industries we serve"],
  },
  {
    match: /financ|accountant|accounting|controller|treasury|audit|bookkeep/i,
    purposes: [
      "keep our finances accurate, timely and well understood",
      "give the business the financial clarity it needs to grow",
    ],
    duties: [
      "Own month-end close, reconciliations and reporting for your area",
      "Build budgets and forecasts with the teams that spend them",
      "Improve financial processes and controls",
      "Explain the numbers clearly to people outside finance",
    ],
    preferred: ["A professional accounting qualification", "Experience in a growing company"],
  },
  {
    match: /recruit|talent|\bhr\b|human resources|people (?:partner|operations)/i,
    purposes: [
      "help us hire well and make this a great place to work",
      "look after our people from their first interview onwards",
    ],
    duties: [
      "Run fair, well-organised hiring processes with hiring managers",
      "Support managers and employees on people questions",
      "Keep people records and policies accurate and compliant",
      "Improve onboarding and the everyday experience of working here",
    ],
    preferred: ["Experience with an HRIS or applicant tracking system", "Knowledge of local employment law"],
  },
  {
    match: /operations|logistics|supply|coordinator|warehouse|procurement/i,
    purposes: [
      "keep our operations running smoothly as we grow",
      "make our day-to-day work faster, cheaper and more reliable",
    ],
    duties: [
      "Run and improve the processes your area owns",
      "Track the measures that matter and act when they slip",
      "Coordinate with suppliers and internal teams",
      "Document how things work so others can rely on it",
    ],
    preferred: ["Experience improving processes with data", "Experience in a scaling business"],
  },
  {
    match: /support|customer success|service|help ?desk/i,
    purposes: ["make sure every customer gets real help quickly", "turn customers into long-term fans of our product"],
    duties: [
      "Answer customer questions clearly, kindly and quickly",
      "Spot patterns in what customers ask and share them with the team",
      "Write and improve help articles",
      "Follow through until each problem is actually solved",
    ],
    preferred: ["Experience with a support platform", "Experience in a software company"],
  },
];

// Roles whose work is not at a desk: chosen by words in the title, like the others.
FAMILIES.push(
  {
    match: /driver|courier|delivery|chauffeur|trucker|haulage/i,
    purposes: [
      "get our deliveries to customers safely and on time",
      "keep our vehicles moving and our customers supplied",
    ],
    duties: [
      "Plan and drive your daily route, adjusting for traffic and weather",
      "Load, secure and hand over deliveries with care, and record each one",
      "Check your vehicle before every shift and report faults straight away",
      "Be the friendly, reliable face of the company at every stop",
    ],
    preferred: ["Experience with route-planning or delivery apps", "A record of safe, on-time driving"],
  },
  {
    match: /nurse|nursing|carer|caregiver|care (?:assistant|worker)|healthcare|clinical|medical|pharmac/i,
    purposes: ["give people safe, kind and dependable care", "look after patients and the people close to them"],
    duties: [
      "Plan and give care that fits each person's needs",
      "Keep clear, accurate records and hand over well between shifts",
      "Work with the wider care team and raise concerns early",
      "Follow safety and infection-control practice at all times",
    ],
    preferred: ["Experience in a similar care setting", "Additional clinical training"],
  },
  {
    match: /chef|cook|kitchen|barista|waiter|waitress|server|bartender|hospitality|restaurant|hotel|retail|store|shop/i,
    purposes: ["give every guest and customer a great experience", "keep service running smoothly on the busiest days"],
    duties: [
      "Look after customers warmly and quickly",
      "Keep your area clean, stocked and ready for service",
      "Follow food-safety, hygiene and cash-handling rules",
      "Work as one team with colleagues through every shift",
    ],
    preferred: ["Experience in a busy customer-facing role", "Food-hygiene or first-aid training"],
  },
  {
    match: /teacher|tutor|lecturer|instructor|teaching|educator/i,
    purposes: ["help every learner make real progress", "plan and teach lessons that people remember"],
    duties: [
      "Plan and teach well-structured lessons",
      "Track progress and give useful feedback to learners and families",
      "Adapt your teaching to different needs and abilities",
      "Work with colleagues to improve what and how we teach",
    ],
    preferred: ["Experience teaching a range of ages or levels", "Experience with online or blended teaching"],
  },
  {
    match:
      /electrician|plumber|mechanic|technician|carpenter|welder|installer|maintenance|fitter|engineer(?:ing)? (?:technician|assistant)/i,
    purposes: ["keep equipment and buildings working safely", "do skilled, careful work that customers can rely on"],
    duties: [
      "Install, maintain and repair to a high, safe standard",
      "Find faults methodically and fix their causes",
      "Keep job records, certificates and stock up to date",
      "Explain the work and its costs to customers in plain words",
    ],
    preferred: ["Further trade certifications", "Experience working on customer sites"],
  },
);

const GENERAL: RoleFamily = {
  match: /.*/,
  purposes: [
    "take ownership of important work and help the team grow",
    "bring experience, care and good judgement to a team that values them",
  ],
  duties: [
    "Own your area of work and deliver it to a high standard",
    "Work closely with colleagues across the company",
    "Improve how things are done and share what you learn",
    "Communicate progress and problems early and clearly",
  ],
  preferred: ["Experience in a similar role", "Experience in a growing organisation"],
};

const CULTURE = [
  "We make decisions in the open, write things down and give each other direct, kind feedback.",
  "You will have real ownership of your work and support to grow in it.",
  "We value clear communication, steady learning and a sustainable pace over heroics.",
  "We welcome people of every background and build a team where everyone can do their best work.",
  "New ideas are welcome from anyone, and we back them with time to try them.",
];

// Words that mark a detail as a benefit, and a requirement as preferred rather than required.
const BENEFIT_WORDS =
  /\b(?:insurance|health|dental|vision|medical|pension|401\s*\(?k\)?|retirement|equity|stock|options|bonus|vacation|holidays?|pto|paid time off|leave|parental|flexible|learning|training|budget|salary|allowance|stipend|wellness|gym|childcare|sabbatical|4-day|four-day|match(?:ing)?|days off|perks?)(?![a-z])|[$€£]\s?\d|\d\s?%/i;
// The wizard passes the job's skills as one "Skills: …" line; they shape the text, not a sentence.
const SKILLS_LINE = /^skills\s*:/i;
const PREFERRED_MARK =
  /^(?:nice to have|preferred|bonus|desirable|ideally|plus)\s*[:-]?\s*|\b(?:is a plus|a plus|nice to have|preferred|desirable|is a bonus)\b\.?/gi;
const IS_PREFERRED = /\b(?:nice to have|preferred|bonus|desirable|ideally|a plus)\b/i;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const bullets = (items: string[]) => items.map((i) => `- ${i}`).join("\n");

/** A phrase as it reads inside a list: "Valid driving licence" as "valid driving licence", names and acronyms as typed. */
const inList = (phrase: string) =>
  /^[A-Z][a-z]/.test(phrase) && !knownSkillsIn(phrase.split(/\s+/)[0]!).length
    ? phrase.charAt(0).toLowerCase() + phrase.slice(1)
    : phrase;

export function builtinDescription(input: DescriptionInput): string {
  const title = clip(input.title, 120) || "Team member";
  const company = clip(input.company, 120) || "Our company";
  const seed = hash(`${title.toLowerCase()}|${company.toLowerCase()}`);
  const family = FAMILIES.find((f) => f.match.test(title)) ?? GENERAL;

  const lines = requirementLines(input.requirements).map((l) => clip(l, 300));
  const preferredLines = lines
    .filter((l) => IS_PREFERRED.test(l))
    .map((l) => capitalise(l.replace(PREFERRED_MARK, "").replace(/^[\s:,-]+|[\s:,-]+$/g, "")));
  const requiredLines = lines.filter((l) => !IS_PREFERRED.test(l));
  // What matters most: the skills the required lines (and the job's skills) name, not the preferred ones.
  const skills = focusSkills({ requirements: requiredLines.join("\n"), description: input.details, title }, 5);

  const detailLines = requirementLines(input.details ?? "").map((l) => clip(l, 300));
  // Benefits have their own section on the job page; the rest (where and how the team works) is
  // part of the summary.
  const otherDetails = detailLines
    .filter((l) => !BENEFIT_WORDS.test(l) && !SKILLS_LINE.test(l))
    .map((l) => `${capitalise(l)}.`);

  const opener = pick(
    [
      `${company} is looking for ${article(title)} ${title} to ${pick(family.purposes, seed)}.`,
      `${company} is hiring ${article(title)} ${title} to ${pick(family.purposes, seed)}.`,
      `As ${article(title)} ${title} at ${company}, you will ${pick(family.purposes, seed >>> 3)}.`,
    ],
    seed >>> 5,
  );
  const focusLine = skills.length ? `What matters most: ${joinList(skills.slice(0, 4).map(inList))}.` : "";
  const summary = [opener, focusLine, ...otherDetails].filter(Boolean).join(" ");

  const duties = family.duties;
  // The employer's requirements show as their own section; the preferred ones are listed here.
  const preferred = uniqueNoCase([...preferredLines.filter(Boolean), ...family.preferred]).slice(0, 4);
  const mustHaves = requiredLines.length ? [] : [`Experience relevant to the work of ${article(title)} ${title}`];
  const culture = [pick(CULTURE, seed >>> 11), pick(CULTURE, (seed >>> 11) + 2)].map((c) =>
    c.startsWith("We ") ? `At ${company}, w${c.slice(1)}` : c,
  );

  return [
    summary,
    "",
    "## Responsibilities",
    bullets(duties),
    "",
    ...(mustHaves.length ? ["## What you bring", bullets(mustHaves), ""] : []),
    "## Nice to have",
    bullets(preferred),
    "",
    "## How we work",
    culture.join(" "),
  ].join("\n");
}

/**
 * A model's description in the subset job descriptions use: emphasis markers and code fences
 * dropped, "* " bullets written "- ", "Heading:" lines alone made "## Heading", at most one blank
 * line in a row. Models add these however the prompt asks; the page would show them raw.
 */
export function tidyDescription(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/^```[a-z]*\s*$/gim, "")
    .replace(/\*\*(.+?)\*\*|__(.+?)__/g, (_, a: string | undefined, b: string | undefined) => a ?? b ?? "")
    .split("\n")
    .map((line) => {
      const trimmed = line.trim();
      if (/^[*•]\s+/.test(trimmed)) return trimmed.replace(/^[*•]\s+/, "- ");
      const label = trimmed.match(/^([A-Z][A-Za-z ,&'-]{2,40}):$/);
      return label ? `## ${label[1]}` : trimmed;
    })
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
