import { defineEntity, p } from "@mikro-orm/postgresql";
import { now } from "../../lib/clock.ts";
import type { Education, Experience, Language, Link } from "./schemas.ts";

// A candidate's profile: one row per candidate (identity's user id), created on the first edit.
// The lists are JSON arrays in the order the candidate set: they are always read and written
// whole, under the row's lock, so an order index or a table per list would add nothing.
const CandidateProfileSchema = defineEntity({
  name: "CandidateProfile",
  tableName: "candidate_profiles",
  properties: {
    candidateId: p.uuid().primary(),
    headline: p.string().length(200).default(""),
    location: p.string().length(200).default(""),
    summary: p.text().default(""),
    skills: p.json<string[]>().onCreate(() => []),
    experience: p.json<Experience[]>().onCreate(() => []),
    education: p.json<Education[]>().onCreate(() => []),
    links: p.json<Link[]>().onCreate(() => []),
    languages: p.json<Language[]>().onCreate(() => []),
    updatedAt: p
      .datetime()
      .onCreate(() => now())
      .onUpdate(() => now()),
  },
});
export class CandidateProfile extends CandidateProfileSchema.class {}
CandidateProfileSchema.setClass(CandidateProfile);

export const profilesEntities = [CandidateProfile];
