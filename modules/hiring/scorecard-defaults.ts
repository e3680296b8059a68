// A company's default scorecard (issue 34 item 1): the attributes every job's scorecard starts from
// until someone changes or rates it (scorecard-attributes.ts stores the set then). Owners edit it;
// without a saved list the built-in set applies. A job already stored keeps its own attributes.
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { Company } from "./entities.ts";
import { HiringError } from "./errors.ts";
import { checkRows, countMessage, invalid, type AttributeInput } from "./scorecard-rows.ts";
import { may, type Member } from "./team.ts";
import { DEFAULT_ATTRIBUTES, MAX_ATTRIBUTES, MIN_ATTRIBUTES, type ScorecardGroup } from "./scorecard-vocabulary.ts";

export interface DefaultAttribute {
  name: string;
  guidance: string;
  group: ScorecardGroup;
}

export interface CompanyScorecard {
  attributes: DefaultAttribute[];
  /** Nothing saved: the built-in set. */
  isBuiltIn: boolean;
  /** Owners change it. */
  mayEdit: boolean;
}

type Row = { name: string; guidance: string; group_key: ScorecardGroup };

const savedRows = (companyId: string) =>
  em().execute<Row[]>(
    `select name, guidance, group_key from company_scorecard_defaults where company_id = ? order by position`,
    [companyId],
  );

/** The company's default set, or the built-in one. */
export async function companyDefaultAttributes(companyId: string): Promise<DefaultAttribute[]> {
  const rows = await savedRows(companyId);
  return rows.length
    ? rows.map((r) => ({ name: r.name, guidance: r.guidance, group: r.group_key }))
    : DEFAULT_ATTRIBUTES.map((a) => ({ ...a }));
}

/** The default set as the company's members read it. */
export async function companyScorecard(member: Member): Promise<CompanyScorecard> {
  const rows = await savedRows(member.companyId);
  return {
    attributes: await companyDefaultAttributes(member.companyId),
    isBuiltIn: rows.length === 0,
    mayEdit: may(member, "manage-team"),
  };
}

/**
 * Replaces the company's default set with the form's rows (a blank row is dropped), 3 to 10 of
 * them. Owners only; others hear not found. Throws "invalid" with fieldErrors keyed `rows.{i}.{field}`.
 */
export async function saveCompanyScorecard(member: Member, rows: AttributeInput[]): Promise<void> {
  if (!may(member, "manage-team")) throw new HiringError("not-found", "That page could not be found.");
  const kept = checkRows(rows.map(({ id: _id, ...row }) => row));
  if (kept.length < MIN_ATTRIBUTES || kept.length > MAX_ATTRIBUTES) throw invalid(countMessage, { rows: countMessage });
  await transaction(async () => {
    // Two owners saving at once: one list wins whole, never a mix of both.
    await lockForUpdate(Company, { id: member.companyId });
    await em().execute(`delete from company_scorecard_defaults where company_id = ?`, [member.companyId]);
    for (const [position, row] of kept.entries())
      await em().execute(
        `insert into company_scorecard_defaults (company_id, position, name, guidance, group_key) values (?, ?, ?, ?, ?)`,
        [member.companyId, position, row.name, row.guidance, row.group],
      );
  });
}
