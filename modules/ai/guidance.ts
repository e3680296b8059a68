// What every scorer follows, a model's and the built-in one: sent in the scoring prompt, and shown
// beside the scores, so the employer reads the rule the score was made by.
export const SCORING_GUIDANCE =
  "Scores rest only on what the answers and resume say. Collaboration is read from how the answers say they work with others; " +
  "nothing about who the person is (age, gender, background, nationality, religion, health, family, looks, accent or personality) is ever weighed.";

/** The fourth score's name: what it measures, and where from (the field stays `cultureFit`). */
export const COLLABORATION_LABEL = "Collaboration (from the answers)";
