// Demo data: companies, places, levels, employment types, benefits and closing lines the demo job
// generator (demo.ts) draws from.
import type { Currency, EmploymentType, ExperienceLevel } from "../../modules/hiring/index.server.ts";

export const DEMO_COMPANIES: { name: string; about: string; product: string }[] = [
  {
    name: "Brightwave Analytics",
    about: "helps retailers forecast demand with real-time sales data",
    product: "our forecasting platform",
  },
  {
    name: "Harborline Logistics",
    about: "moves freight for thousands of small shippers across North America",
    product: "our shipping platform",
  },
  {
    name: "Mosaic Health",
    about: "builds software that lets clinics spend less time on paperwork",
    product: "our clinic software",
  },
  {
    name: "Tidewater Energy",
    about: "develops community solar projects and the software that runs them",
    product: "our energy platform",
  },
  {
    name: "Quillstone Learning",
    about: "makes online courses that adults actually finish",
    product: "our learning app",
  },
  {
    name: "Ferngrove Finance",
    about: "gives small businesses fair, fast access to working capital",
    product: "our lending platform",
  },
  {
    name: "Lumen & Oak",
    about: "designs furniture sold directly to customers in twelve countries",
    product: "our online store",
  },
  {
    name: "Atlas Robotics",
    about: "builds autonomous robots for warehouse picking",
    product: "our robot fleet software",
  },
  { name: "Copperleaf Games", about: "is an independent studio making cozy multiplayer games", product: "our games" },
  {
    name: "Silverpine Security",
    about: "protects mid-sized companies from account takeover and fraud",
    product: "our security platform",
  },
  {
    name: "Orbital Kitchens",
    about: "runs delivery-only kitchens for local restaurant brands",
    product: "our ordering system",
  },
  {
    name: "Greenfield Agritech",
    about: "helps farmers cut water use with soil sensors and forecasts",
    product: "our farm monitoring app",
  },
  {
    name: "Pinecrest Insurance",
    about: "is rebuilding home insurance around honest pricing",
    product: "our insurance app",
  },
  {
    name: "Signal Peak Media",
    about: "publishes independent journalism for two million readers",
    product: "our publishing platform",
  },
  { name: "Riverbend Travel", about: "plans small-group trips with local guides", product: "our booking platform" },
  {
    name: "Cobalt Cloudworks",
    about: "offers managed databases for teams without a DBA",
    product: "our database platform",
  },
];

export const GENERIC_ABOUT = [
  { about: "is a fast-growing software company serving customers around the world", product: "our product" },
  { about: "builds tools that help teams do their best work", product: "our platform" },
  { about: "is a profitable, founder-led company with a loyal customer base", product: "our product" },
];

export interface Place {
  location: string;
  country: string;
  currency: Currency;
  /** Salary numbers in the local currency relative to US dollars, cost of living included. */
  pay: number;
}

export const PLACES: [Place, number][] = [
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

export const LEVELS: [ExperienceLevel, number][] = [
  ["entry", 14],
  ["mid", 34],
  ["senior", 32],
  ["lead", 13],
  ["executive", 7],
];
export const LEVEL_PAY: Record<ExperienceLevel, number> = {
  entry: 0.7,
  mid: 1,
  senior: 1.25,
  lead: 1.45,
  executive: 1.9,
};
export const LEVEL_YEARS: Record<ExperienceLevel, string> = {
  entry: "Up to two years of experience, or a degree or bootcamp in a related field",
  mid: "Three or more years of experience as a {noun}",
  senior: "Five or more years of experience as a {noun}",
  lead: "Seven or more years of experience, including leading projects or mentoring others",
  executive: "Ten or more years of experience, with several years leading teams of managers",
};

export const EMPLOYMENT: [EmploymentType, number][] = [
  ["FULLTIME", 76],
  ["CONTRACT", 10],
  ["PARTTIME", 7],
  ["FREELANCE", 7],
];
export const EMPLOYMENT_PAY: Record<EmploymentType, number> = {
  FULLTIME: 1,
  CONTRACT: 1.1,
  PARTTIME: 0.5,
  FREELANCE: 1.05,
};
export const EMPLOYMENT_LINE: Record<EmploymentType, string[]> = {
  FULLTIME: ["This is a full-time, permanent position.", "This is a full-time role with a clear path to grow."],
  CONTRACT: [
    "This is a six-month contract with a good chance of extension.",
    "This is a twelve-month contract, paid monthly.",
  ],
  PARTTIME: [
    "This is a part-time role of about 20 to 24 hours a week.",
    "This role is part-time, three days a week, and the days are flexible.",
  ],
  FREELANCE: [
    "This is a freelance engagement: you invoice monthly and set your own hours within a few hours of overlap.",
    "We're looking for a freelancer for an initial three-month engagement.",
  ],
};

export const BENEFITS = {
  "the United States": [
    "Medical, dental and vision insurance",
    "401(k) with a 4% company match",
    "Unlimited PTO with a 20-day minimum",
    "16 weeks of paid parental leave",
  ],
  Canada: ["Extended health and dental coverage", "RRSP matching up to 4%", "Four weeks of paid vacation"],
  "the United Kingdom": [
    "Private medical insurance",
    "Pension contributions of 6%",
    "25 days of holiday plus bank holidays",
    "Cycle to work scheme",
  ],
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

export const CLOSINGS = [
  "We keep meetings few and short, write things down, and give people room to do their best work.",
  "We hire for curiosity and kindness as much as for experience, and we'd love to hear from you even if you don't tick every box.",
  "You'll join a small team that ships often, talks to customers and takes pride in the details.",
  "We're committed to building a diverse team and welcome applicants from every background.",
  "Our interview process is short and respectful of your time: one call, one practical exercise, one conversation with the team.",
];
