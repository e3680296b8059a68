// Demo data: the kinds of job the demo board is made of, per category (roles, skills, duties,
// questions' topics and pay), and how often each category appears. Read by demo.ts.
import type { Category, QuestionCategory } from "../../modules/hiring/index.server.ts";

// ---------------------------------------------------------------------------------------------
// Vocabulary of the postings

export interface Role {
  title: string;
  /** The entry-level title when "Junior" or "Associate" plus the title reads wrong. */
  entry?: string;
  /** Mid-level base salary in US dollars a year, before location and level. */
  base: number;
  skills: string[];
}

export interface Profile {
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

export const PROFILES: Record<Category, Profile> = {
  "Software Engineering": {
    team: "engineering",
    noun: "software engineer",
    roles: [
      {
        title: "Backend Engineer",
        base: 150_000,
        skills: ["Go", "Java", "PostgreSQL", "Kafka", "gRPC", "Redis", "Docker", "Kubernetes", "AWS"],
      },
      {
        title: "Frontend Engineer",
        base: 140_000,
        skills: ["TypeScript", "React", "Next.js", "CSS", "Accessibility", "GraphQL", "Vite", "Playwright"],
      },
      {
        title: "Full-Stack Engineer",
        base: 145_000,
        skills: ["TypeScript", "React", "Node.js", "PostgreSQL", "Remix", "REST APIs", "Docker", "AWS"],
      },
      {
        title: "iOS Engineer",
        base: 145_000,
        skills: ["Swift", "SwiftUI", "UIKit", "Combine", "Xcode", "Core Data", "App Store Connect"],
      },
      {
        title: "Android Engineer",
        base: 140_000,
        skills: ["Kotlin", "Jetpack Compose", "Coroutines", "Gradle", "Room", "Firebase", "Java"],
      },
      {
        title: "Site Reliability Engineer",
        base: 160_000,
        skills: ["Kubernetes", "Terraform", "Prometheus", "Grafana", "Linux", "AWS", "Go", "Incident response"],
      },
      {
        title: "Platform Engineer",
        base: 158_000,
        skills: ["Kubernetes", "Terraform", "Go", "GitHub Actions", "Argo CD", "GCP", "Helm"],
      },
      {
        title: "Security Engineer",
        base: 165_000,
        skills: ["Threat modeling", "AWS", "Python", "SAST", "Penetration testing", "Zero trust", "OWASP Top 10"],
      },
      {
        title: "QA Automation Engineer",
        base: 115_000,
        skills: ["Playwright", "Cypress", "TypeScript", "Python", "CI/CD", "Test planning", "Postman"],
      },
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
      [
        "Describe a production incident you helped resolve. What was the root cause and what changed afterwards?",
        "troubleshooting",
      ],
      [
        "How would you design a rate limiter for a public API serving thousands of requests per second?",
        "system-design",
      ],
      [
        "Tell us about a pull request you reviewed where you asked for significant changes. How did you approach it?",
        "code-quality",
      ],
      [
        "Walk us through a system you built from scratch. Which decisions would you make differently today?",
        "practical-experience",
      ],
      ["How do you decide between adding a cache and optimizing the underlying query?", "technical-deep"],
    ],
    choice: {
      text: "How do you prefer to test a new feature?",
      options: [
        "Test-driven from the start",
        "Unit tests after the first draft",
        "Mostly integration tests",
        "Manual testing plus monitoring",
      ],
      category: "code-quality",
    },
  },
  "Data Science": {
    team: "data",
    noun: "data scientist or analyst",
    roles: [
      {
        title: "Data Scientist",
        base: 145_000,
        skills: ["Python", "pandas", "scikit-learn", "SQL", "Statistics", "A/B testing", "Jupyter"],
      },
      {
        title: "Machine Learning Engineer",
        base: 165_000,
        skills: ["Python", "PyTorch", "MLflow", "Kubernetes", "Feature stores", "SQL", "Model serving"],
      },
      {
        title: "Data Engineer",
        base: 148_000,
        skills: ["SQL", "dbt", "Airflow", "Spark", "Snowflake", "Python", "Kafka", "BigQuery"],
      },
      {
        title: "Data Analyst",
        base: 95_000,
        skills: ["SQL", "Looker", "Tableau", "Excel", "Python", "Dashboard design", "Stakeholder management"],
      },
      {
        title: "Analytics Engineer",
        base: 135_000,
        skills: ["dbt", "SQL", "Snowflake", "Looker", "Data modeling", "Git", "Airflow"],
      },
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
      [
        "Tell us about an analysis that changed a decision. What did you find and how did you present it?",
        "practical-experience",
      ],
      ["How would you detect and handle data drift in a model that is already in production?", "technical-deep"],
      ["Describe how you would design the data pipeline for a daily revenue dashboard.", "system-design"],
      ["A metric dropped 12% overnight. Walk us through how you would investigate.", "troubleshooting"],
    ],
    choice: {
      text: "Which part of the data lifecycle do you enjoy most?",
      options: [
        "Collecting and cleaning data",
        "Exploratory analysis",
        "Modeling",
        "Productionizing models",
        "Communicating results",
      ],
      category: "practical-experience",
    },
  },
  "Product Management": {
    team: "product",
    noun: "product manager",
    roles: [
      {
        title: "Product Manager",
        base: 150_000,
        skills: ["Roadmapping", "User research", "Jira", "SQL", "A/B testing", "Prioritization", "Figma"],
      },
      {
        title: "Technical Product Manager",
        base: 160_000,
        skills: ["API design", "Roadmapping", "SQL", "Jira", "Technical specs", "Developer experience"],
      },
      {
        title: "Product Owner",
        entry: "Associate Product Owner",
        base: 120_000,
        skills: ["Scrum", "Backlog management", "Jira", "User stories", "Stakeholder management", "Confluence"],
      },
      {
        title: "Growth Product Manager",
        base: 155_000,
        skills: ["Experimentation", "Amplitude", "SQL", "Funnel analysis", "Onboarding", "Pricing"],
      },
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
      options: [
        "RICE scoring",
        "Opportunity solution trees",
        "Cost of delay",
        "Stakeholder ranking",
        "Gut feeling backed by data",
      ],
      category: "practical-experience",
    },
  },
  Design: {
    team: "design",
    noun: "designer",
    roles: [
      {
        title: "Product Designer",
        base: 135_000,
        skills: ["Figma", "Prototyping", "User research", "Interaction design", "Design systems", "Usability testing"],
      },
      {
        title: "UX Researcher",
        base: 125_000,
        skills: ["User interviews", "Usability testing", "Survey design", "Dovetail", "Synthesis", "Journey mapping"],
      },
      {
        title: "UI Designer",
        base: 115_000,
        skills: ["Figma", "Visual design", "Typography", "Design systems", "Illustration", "Motion design"],
      },
      {
        title: "Brand Designer",
        base: 105_000,
        skills: ["Adobe Illustrator", "Photoshop", "Brand identity", "Typography", "Figma", "Art direction"],
      },
      {
        title: "Content Designer",
        base: 110_000,
        skills: [
          "UX writing",
          "Content strategy",
          "Figma",
          "Style guides",
          "Information architecture",
          "Accessibility",
        ],
      },
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
      [
        "Walk us through a project in your portfolio: the problem, your process and the result.",
        "practical-experience",
      ],
      ["How do you make sure a design works for people using a screen reader?", "technical-deep"],
      ["Tell us about a time research changed the direction of a design.", "custom"],
      ["How would you approach redesigning a complex settings page without breaking habits?", "system-design"],
    ],
    choice: {
      text: "Where do you usually start a new design problem?",
      options: [
        "User interviews",
        "Sketches on paper",
        "Competitive review",
        "Data and analytics",
        "A quick prototype",
      ],
      category: "practical-experience",
    },
  },
  Marketing: {
    team: "marketing",
    noun: "marketer",
    roles: [
      {
        title: "Content Marketing Manager",
        entry: "Content Marketing Associate",
        base: 105_000,
        skills: ["Content strategy", "SEO", "Copywriting", "WordPress", "Editorial planning", "Analytics"],
      },
      {
        title: "Growth Marketing Manager",
        entry: "Growth Marketing Associate",
        base: 120_000,
        skills: ["Paid acquisition", "Google Ads", "Meta Ads", "Experimentation", "SQL", "Attribution"],
      },
      {
        title: "Product Marketing Manager",
        base: 130_000,
        skills: ["Positioning", "Messaging", "Launch planning", "Competitive analysis", "Sales enablement"],
      },
      {
        title: "SEO Specialist",
        entry: "SEO Specialist",
        base: 85_000,
        skills: ["Technical SEO", "Keyword research", "Ahrefs", "Google Search Console", "Content briefs", "HTML"],
      },
      {
        title: "Marketing Operations Manager",
        entry: "Marketing Operations Specialist",
        base: 110_000,
        skills: ["HubSpot", "Salesforce", "Marketing automation", "Lead scoring", "Reporting", "Zapier"],
      },
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
      {
        title: "Account Executive",
        base: 120_000,
        skills: ["Full-cycle sales", "Salesforce", "Discovery calls", "Negotiation", "MEDDICC", "Forecasting"],
      },
      {
        title: "Sales Development Representative",
        entry: "Sales Development Representative",
        base: 65_000,
        skills: ["Cold outreach", "Prospecting", "Outreach.io", "LinkedIn Sales Navigator", "Salesforce"],
      },
      {
        title: "Account Manager",
        base: 95_000,
        skills: ["Account planning", "Upselling", "Renewals", "Salesforce", "Gainsight", "QBRs"],
      },
      {
        title: "Sales Engineer",
        base: 145_000,
        skills: [
          "Technical demos",
          "Solution design",
          "APIs",
          "Security questionnaires",
          "Discovery",
          "POC management",
        ],
      },
      {
        title: "Customer Success Manager",
        entry: "Customer Success Associate",
        base: 90_000,
        skills: ["Onboarding", "Churn reduction", "Gainsight", "Customer health scoring", "Renewals", "Zendesk"],
      },
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
      {
        title: "Financial Analyst",
        base: 95_000,
        skills: ["Financial modeling", "Excel", "Forecasting", "Variance analysis", "SQL", "Budgeting"],
      },
      {
        title: "FP&A Manager",
        entry: "FP&A Analyst",
        base: 140_000,
        skills: ["FP&A", "Financial modeling", "Adaptive Insights", "Board reporting", "Budgeting", "Excel"],
      },
      {
        title: "Accountant",
        base: 80_000,
        skills: ["GAAP", "Month-end close", "Reconciliations", "NetSuite", "Accounts payable", "Excel"],
      },
      {
        title: "Controller",
        entry: "Staff Accountant",
        base: 150_000,
        skills: ["GAAP", "Audit", "Month-end close", "NetSuite", "Revenue recognition", "Internal controls"],
      },
      {
        title: "Payroll Specialist",
        entry: "Payroll Specialist",
        base: 70_000,
        skills: ["Multi-state payroll", "ADP", "Gusto", "Benefits administration", "Compliance", "Excel"],
      },
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
      {
        title: "Operations Manager",
        entry: "Operations Associate",
        base: 100_000,
        skills: ["Process design", "Vendor management", "KPIs", "Lean", "Project management", "Excel"],
      },
      {
        title: "Business Operations Analyst",
        base: 90_000,
        skills: ["SQL", "Excel", "Process mapping", "Reporting", "Forecasting", "Looker"],
      },
      {
        title: "Supply Chain Coordinator",
        entry: "Supply Chain Coordinator",
        base: 70_000,
        skills: ["Logistics", "Inventory planning", "ERP systems", "Supplier relations", "Forecasting"],
      },
      {
        title: "Program Manager",
        base: 130_000,
        skills: ["Program management", "Risk management", "Stakeholder management", "Asana", "OKRs", "Budgeting"],
      },
      {
        title: "Office Manager",
        entry: "Office Coordinator",
        base: 65_000,
        skills: ["Workplace operations", "Event planning", "Vendor management", "Budgeting", "Google Workspace"],
      },
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
      {
        title: "Technical Recruiter",
        base: 95_000,
        skills: [
          "Sourcing",
          "Greenhouse",
          "Interview design",
          "LinkedIn Recruiter",
          "Offer negotiation",
          "Employer branding",
        ],
      },
      {
        title: "People Partner",
        entry: "People Operations Associate",
        base: 115_000,
        skills: ["Employee relations", "Performance management", "Coaching", "Employment law", "Org design"],
      },
      {
        title: "Talent Acquisition Coordinator",
        entry: "Talent Acquisition Coordinator",
        base: 60_000,
        skills: ["Interview scheduling", "Greenhouse", "Candidate experience", "Google Workspace", "Reporting"],
      },
      {
        title: "Learning and Development Specialist",
        base: 85_000,
        skills: ["Training design", "Facilitation", "LMS administration", "Onboarding", "Career frameworks"],
      },
      {
        title: "Compensation Analyst",
        base: 105_000,
        skills: ["Compensation benchmarking", "Pave", "Excel", "Equity plans", "Pay equity analysis"],
      },
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
      {
        title: "Customer Support Specialist",
        entry: "Customer Support Specialist",
        base: 55_000,
        skills: ["Zendesk", "Intercom", "Troubleshooting", "Knowledge base writing", "Jira", "Customer escalations"],
      },
      {
        title: "Technical Writer",
        base: 105_000,
        skills: [
          "Technical writing",
          "Markdown",
          "Docs as code",
          "API documentation",
          "Git",
          "Information architecture",
        ],
      },
      {
        title: "Community Manager",
        entry: "Community Coordinator",
        base: 80_000,
        skills: ["Community building", "Discord", "Event planning", "Social media", "Content creation"],
      },
      {
        title: "Executive Assistant",
        entry: "Executive Assistant",
        base: 75_000,
        skills: [
          "Calendar management",
          "Travel planning",
          "Google Workspace",
          "Board meeting prep",
          "Expense reporting",
          "Notion",
        ],
      },
      {
        title: "Legal Counsel",
        entry: "Legal Associate",
        base: 170_000,
        skills: ["Commercial contracts", "Privacy law", "GDPR", "Negotiation", "Employment law", "Compliance"],
      },
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

export const CATEGORY_WEIGHTS: [Category, number][] = [
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
