// A job's scorecard vocabulary (issue 34, decision 083): the groups attributes sit in, how many a
// scorecard holds, and the set a job starts from. Browser-safe: the attributes page reads it too.
export const SCORECARD_GROUPS = ["skills", "experience", "collaboration", "motivation"] as const;
export type ScorecardGroup = (typeof SCORECARD_GROUPS)[number];

export const SCORECARD_GROUP_LABELS: Record<ScorecardGroup, string> = {
  skills: "Skills",
  experience: "Experience",
  collaboration: "Collaboration",
  motivation: "Motivation",
};

/** Fewer than 3 says little; more than 10 and nobody rates them all with care. */
export const MIN_ATTRIBUTES = 3;
export const MAX_ATTRIBUTES = 10;
export const MAX_ATTRIBUTE_NAME = 80;
export const MAX_ATTRIBUTE_GUIDANCE = 200;

/** What a job's scorecard holds until someone changes it (the company default). */
export const DEFAULT_ATTRIBUTES: readonly { name: string; guidance: string; group: ScorecardGroup }[] = [
  {
    name: "Core skills for the role",
    guidance: "Shows the skills the job needs day to day, with concrete examples.",
    group: "skills",
  },
  {
    name: "Problem solving",
    guidance: "Breaks a new problem down, weighs options and explains the choice.",
    group: "skills",
  },
  {
    name: "Relevant experience",
    guidance: "Has done comparable work and can say what they learned from it.",
    group: "experience",
  },
  {
    name: "Communication",
    guidance: "Explains clearly, listens, and adapts to who they are talking to.",
    group: "collaboration",
  },
  {
    name: "Motivation for the role",
    guidance: "Knows why they want this job and what they want to grow into.",
    group: "motivation",
  },
];
