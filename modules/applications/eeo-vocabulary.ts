// Voluntary self-identification for jobs in the United States (decision 088): the questions and
// their answers in the wording of the US EEOC's EEO-1 categories, the VEVRAA protected veteran
// categories as OFCCP forms shorten them, and the OFCCP's CC-305 disability form. Each answer is a
// fixed code; "declined" is "I don't wish to answer", and a question left blank is stored as it.
// Browser-safe: the wizard shows these words, and the owner's report names its columns with them.

export const EEO_QUESTIONS = ["gender", "raceEthnicity", "veteranStatus", "disabilityStatus"] as const;
export type EeoQuestion = (typeof EEO_QUESTIONS)[number];

export interface EeoOption {
  code: string;
  label: string;
  description?: string;
}

const DECLINED_LABEL = "I don't wish to answer";

export const EEO_OPTIONS: Record<EeoQuestion, readonly EeoOption[]> = {
  gender: [
    { code: "male", label: "Male" },
    { code: "female", label: "Female" },
    { code: "declined", label: DECLINED_LABEL },
  ],
  raceEthnicity: [
    {
      code: "hispanic_latino",
      label: "Hispanic or Latino",
      description:
        "A person of Cuban, Mexican, Puerto Rican, South or Central American, or other Spanish culture or origin regardless of race.",
    },
    {
      code: "white",
      label: "White (Not Hispanic or Latino)",
      description:
        "A person having origins in any of the original peoples of Europe, the Middle East, or North Africa.",
    },
    {
      code: "black",
      label: "Black or African American (Not Hispanic or Latino)",
      description: "A person having origins in any of the black racial groups of Africa.",
    },
    {
      code: "native_hawaiian_pacific_islander",
      label: "Native Hawaiian or Other Pacific Islander (Not Hispanic or Latino)",
      description: "A person having origins in any of the peoples of Hawaii, Guam, Samoa, or other Pacific Islands.",
    },
    {
      code: "asian",
      label: "Asian (Not Hispanic or Latino)",
      description:
        "A person having origins in any of the original peoples of the Far East, Southeast Asia, or the Indian Subcontinent, including, for example, Cambodia, China, India, Japan, Korea, Malaysia, Pakistan, the Philippine Islands, Thailand, and Vietnam.",
    },
    {
      code: "american_indian_alaska_native",
      label: "American Indian or Alaska Native (Not Hispanic or Latino)",
      description:
        "A person having origins in any of the original peoples of North and South America (including Central America), and who maintain tribal affiliation or community attachment.",
    },
    {
      code: "two_or_more",
      label: "Two or More Races (Not Hispanic or Latino)",
      description: "All persons who identify with more than one of the above five races.",
    },
    { code: "declined", label: DECLINED_LABEL },
  ],
  veteranStatus: [
    { code: "protected", label: "I identify as one or more of the classifications of protected veteran" },
    { code: "not_protected", label: "I am not a protected veteran" },
    { code: "declined", label: DECLINED_LABEL },
  ],
  disabilityStatus: [
    { code: "yes", label: "Yes, I have a disability (or previously had a disability)" },
    { code: "no", label: "No, I do not have a disability and have not had one in the past" },
    { code: "declined", label: "I do not want to answer" },
  ],
};

export const EEO_QUESTION_LABELS: Record<EeoQuestion, string> = {
  gender: "Gender",
  raceEthnicity: "Race/Ethnicity",
  veteranStatus: "Veteran status",
  disabilityStatus: "Disability status",
};

/** The protected veteran classifications (VEVRAA), as OFCCP forms list them above the question. */
export const PROTECTED_VETERAN_CLASSES: readonly string[] = [
  "Disabled veteran: a veteran of the U.S. military who is entitled to compensation for a service-connected disability, or who was discharged or released from active duty because of a service-connected disability.",
  "Recently separated veteran: a veteran during the three-year period beginning on the date of discharge or release from active duty in the U.S. military.",
  "Active duty wartime or campaign badge veteran: a veteran who served on active duty in the U.S. military during a war, or in a campaign or expedition for which a campaign badge has been authorized.",
  "Armed forces service medal veteran: a veteran who, while serving on active duty in the U.S. military, participated in a United States military operation for which an Armed Forces service medal was awarded.",
];

export type EeoAnswers = Record<EeoQuestion, string>;

/** Every question declined: what a blank section stores, and what a draft starts from. */
export const EEO_DECLINED: EeoAnswers = {
  gender: "declined",
  raceEthnicity: "declined",
  veteranStatus: "declined",
  disabilityStatus: "declined",
};

/** The form's field for a question ("eeo_gender"). */
export const eeoField = (question: EeoQuestion) => `eeo_${question}`;

/** What was posted, each question its code; blank or anything not a code is "declined". */
export function readEeoAnswers(posted: (name: string) => unknown): EeoAnswers {
  const answers = { ...EEO_DECLINED };
  for (const question of EEO_QUESTIONS) {
    const value = posted(eeoField(question));
    if (typeof value === "string" && EEO_OPTIONS[question].some((o) => o.code === value)) answers[question] = value;
  }
  return answers;
}

/** The label of a stored code (the owner's report, the candidate's export). */
export function eeoLabel(question: EeoQuestion, code: string): string {
  return EEO_OPTIONS[question].find((o) => o.code === code)?.label ?? code;
}

/** Voluntary self-identification is asked for a job in the United States (remote US included). */
export const offersEeo = (placeKeys: readonly string[]) => placeKeys.includes("country:us");
