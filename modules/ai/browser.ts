// The ai module's browser-safe entry: the scoring guidance and the score's label pages show.
// Nothing here calls a model; the server's functions are in index.server.ts.
export { COLLABORATION_LABEL, SCORING_GUIDANCE } from "./guidance.ts";
