// Small text tools shared by the built-in writer, question bank and scorer: words, stems, the
// skills and topics a job names, and a stable hash so "varied" output is still deterministic.

// Words that carry no meaning about skills or experience.
const STOP_WORDS = new Set(
  (
    "a an and are as at be been being but by can could did do does for from had has have having he her his how i if in " +
    "into is it its me my of on or our ours she so than that the their them then there these they this those to too " +
    "us was we were what when where which while who why will with would you your yours also any all each other such " +
    "very just about over under more most some own same both only not no nor up out off again once here able use used " +
    "using work working worked experience experienced years year strong good great excellent knowledge understanding " +
    "ability skills skill plus etc including include includes e.g i.e"
  ).split(" "),
);

/** Lower-case words; keeps the marks that make a technology's name (c++, c#, node.js, ci/cd). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9+#./-]+/)
    .flatMap((w) => (w.includes("/") && !/^[a-z]{1,3}\/[a-z]{1,3}$/.test(w) ? w.split("/") : [w]))
    .map((w) => w.replace(/^[.\-/]+|[.\-/]+$/g, ""))
    .filter(Boolean);
}

/**
 * A simple suffix-stripping stem, enough to match "deploying" with "deployment" and "APIs" with
 * "API": plurals, -ing, -ed, -ment, -ly. Names with marks (node.js, c++) are kept whole.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /[^a-z]/.test(word)) return word;
  let w = word;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(ss|us|is)$/.test(w)) return w;
  else if (w.endsWith("es") && /(x|ch|sh|ss|zz)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s")) w = w.slice(0, -1);
  for (const suffix of ["ments", "ment", "ings", "ing", "ed", "ly", "ers", "er", "ions", "ion"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  // "designe" (from "designed") and "design" should meet; "manage"/"manag" likewise.
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** Stems of the meaningful words of `text`, in order. */
export function terms(text: string): string[] {
  return words(text)
    .filter((w) => !STOP_WORDS.has(w) && !/^\d+\+?$/.test(w))
    .map(stem);
}

/** True when the stems of `phrase` appear next to each other in `stems` (a multi-word skill). */
export function containsPhrase(stems: string[], phrase: string[]): boolean {
  if (!phrase.length) return false;
  outer: for (let i = 0; i + phrase.length <= stems.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (stems[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** FNV-1a: a stable number for a string, so the same job always gets the same wording. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function pick<T>(list: readonly T[], seed: number): T {
  return list[seed % list.length]!;
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Collapses whitespace and cuts to `max` characters on a word boundary, with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

// Technologies and tools people list as skills; matched as whole words or phrases in free text so
// a job that names "PostgreSQL" in its requirements gets questions about PostgreSQL.
const KNOWN_SKILLS = [
  "JavaScript",
  "TypeScript",
  "Python",
  "Java",
  "Kotlin",
  "Swift",
  "Go",
  "Golang",
  "Rust",
  "Ruby",
  "PHP",
  "C#",
  "C++",
  "Scala",
  "Elixir",
  "SQL",
  "R",
  "React",
  "React Native",
  "Vue",
  "Angular",
  "Svelte",
  "Next.js",
  "Node.js",
  "Express",
  "Django",
  "Flask",
  "FastAPI",
  "Spring",
  "Rails",
  ".NET",
  "GraphQL",
  "REST",
  "gRPC",
  "PostgreSQL",
  "MySQL",
  "MongoDB",
  "Redis",
  "Elasticsearch",
  "Kafka",
  "RabbitMQ",
  "AWS",
  "Azure",
  "GCP",
  "Google Cloud",
  "Docker",
  "Kubernetes",
  "Terraform",
  "Ansible",
  "CI/CD",
  "GitHub Actions",
  "Jenkins",
  "Linux",
  "Git",
  "HTML",
  "CSS",
  "Tailwind",
  "Figma",
  "Sketch",
  "Adobe Creative Suite",
  "Photoshop",
  "Illustrator",
  "UX research",
  "user research",
  "prototyping",
  "design systems",
  "accessibility",
  "machine learning",
  "deep learning",
  "PyTorch",
  "TensorFlow",
  "pandas",
  "NumPy",
  "Spark",
  "Airflow",
  "dbt",
  "Snowflake",
  "BigQuery",
  "Tableau",
  "Power BI",
  "Looker",
  "Excel",
  "statistics",
  "A/B testing",
  "data modelling",
  "data modeling",
  "ETL",
  "microservices",
  "distributed systems",
  "security",
  "observability",
  "testing",
  "unit testing",
  "iOS",
  "Android",
  "Salesforce",
  "HubSpot",
  "CRM",
  "SEO",
  "SEM",
  "Google Analytics",
  "content marketing",
  "email marketing",
  "social media",
  "copywriting",
  "B2B sales",
  "B2C sales",
  "account management",
  "lead generation",
  "negotiation",
  "forecasting",
  "financial modelling",
  "financial modeling",
  "budgeting",
  "accounting",
  "GAAP",
  "IFRS",
  "payroll",
  "recruiting",
  "onboarding",
  "employee relations",
  "HRIS",
  "project management",
  "Agile",
  "Scrum",
  "Kanban",
  "Jira",
  "roadmapping",
  "stakeholder management",
  "product discovery",
  "supply chain",
  "logistics",
  "inventory management",
  "customer support",
  "customer success",
  "Zendesk",
  "SAP",
  "LLM",
  "NLP",
  "computer vision",
];
// Names that are also everyday words ("go", "express", "spring"): matched only as written.
const AS_WRITTEN = new Set([
  "Go",
  "R",
  "Swift",
  "Spring",
  "Express",
  "Rails",
  "Rust",
  "Excel",
  "Git",
  ".NET",
  "Sketch",
]);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const KNOWN = KNOWN_SKILLS.map((name) => ({
  name,
  stems: terms(name).length ? terms(name) : words(name),
  exact: AS_WRITTEN.has(name) ? new RegExp(`(?:^|[^A-Za-z0-9])${escape(name)}(?![A-Za-z0-9+#])`) : null,
}));

/** The known skills named anywhere in `text`, in the list's order. */
export function knownSkillsIn(text: string): string[] {
  const stems = terms(text);
  const raw = words(text);
  // One word must appear as written ("accounting" is not "Account Executive"); phrases match by stems.
  return KNOWN.filter((k) =>
    k.exact
      ? k.exact.test(text)
      : k.stems.length > 1
        ? containsPhrase(stems, k.stems)
        : raw.includes(k.name.toLowerCase()),
  ).map((k) => k.name);
}

/** Requirement lines: split on new lines, bullets and semicolons; list markers removed. */
export function requirementLines(text: string): string[] {
  return text
    .split(/\r?\n|;|•|(?:^|\s)[-*]\s/)
    .map((l) =>
      l
        .replace(/^\s*(?:[-*•·]|\d+[.)])\s*/, "")
        .replace(/\s+/g, " ")
        .trim()
        .replace(/[.;,]+$/, ""),
    )
    .filter((l) => l.length > 1);
}

// "5+ years of experience with", "Strong knowledge of", "Familiarity with"…: what comes before
// the topic in a requirement line.
const LEAD_IN =
  /^(?:(?:at least |minimum (?:of )?)?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\+?\s*(?:-\s*\d+\s*)?years?(?: of)?(?: professional| hands-on| commercial| proven)?(?: experience)?(?: (?:with|in|of|using|building))?\s+|(?:proven |solid |strong |deep |good |excellent |hands-on |working |practical |demonstrated |professional )*(?:experience|knowledge|understanding|proficiency|familiarity|expertise|background|skills?|track record)(?: (?:with|in|of|using|building|across))?\s+|(?:proficient|fluent|skilled|experienced|comfortable|familiar) (?:with|in)\s+|(?:ability|able) to\s+)/i;

/** True when a requirement line starts with a lead-in ("5+ years of", "Experience with"). */
export function hasLeadIn(line: string): boolean {
  return LEAD_IN.test(line) || /\byears?\b/i.test(line);
}

// "Strong negotiation skills" is about negotiation; "B2B sales experience" about B2B sales.
const FILLER_EDGES =
  /^(?:(?:strong|excellent|solid|proven|good|great|deep|advanced|basic|working|hands-on|practical)\s+)+|\s+(?:experience|skills?|knowledge|background|expertise|abilities|ability)$/gi;

// "Nice to have: GraphQL", "Bonus: Rust": the label before the colon is not a topic.
const LABEL =
  /^(?:nice[- ]to[- ]haves?|bonus(?: points)?|plus|preferred|desired|optional|required|must[- ]haves?|requirements?)\s*:\s*/i;

/**
 * The topics of the requirement lines: "3+ years of experience with React, TypeScript and Node.js"
 * gives "React", "TypeScript", "Node.js"; "Excellent written communication" stays whole.
 */
export function requirementTopics(text: string): string[] {
  const topics: string[] = [];
  for (const line of requirementLines(text)) {
    let rest = line.replace(LABEL, "");
    for (let i = 0; i < 3 && LEAD_IN.test(rest); i++) rest = rest.replace(LEAD_IN, "");
    // Up to the end of the sentence, a colon or a bracket ("Node.js" keeps its dot).
    rest = rest
      .split(/\.(?:\s|$)|[:(]| - | – /)[0]!
      .trim()
      .replace(FILLER_EDGES, "")
      .trim();
    for (const part of rest.split(/,|\band\b|\bor\b|\//)) {
      const topic = part
        .replace(/^(?:a|an|the)\s+/i, "")
        .replace(FILLER_EDGES, "")
        .trim();
      const n = topic.split(/\s+/).length;
      if (topic.length >= 2 && n <= 5 && /[a-z0-9]/i.test(topic)) topics.push(topic);
    }
  }
  return topics;
}

/** Case-insensitive de-duplication that keeps the first spelling. */
export function uniqueNoCase(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The job's skills to write and ask about: those given, then known skills in the text, then requirement topics. */
export function focusSkills(
  input: { skills?: string[]; requirements?: string; description?: string; title?: string },
  max = 8,
): string[] {
  const given = (input.skills ?? []).map((s) => s.trim()).filter(Boolean);
  const text = `${input.requirements ?? ""}\n${input.description ?? ""}`;
  const known = knownSkillsIn(text);
  const topics = requirementTopics(input.requirements ?? "").filter((t) => t.split(/\s+/).length <= 3);
  return uniqueNoCase([...given, ...known, ...topics]).slice(0, max);
}

/** "a" or "an" before a word, by its sound as far as spelling tells. */
export function article(word: string): "a" | "an" {
  return /^[aeiou]/i.test(word) && !/^(?:uni|use|eu|one)/i.test(word) ? "an" : "a";
}
