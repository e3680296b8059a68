// The attributes forms' rows (a job's scorecard and the company's default set), read from the post.
import type { AttributeInput } from "#modules/hiring/index.server.ts";

/** The form's rows, in order: `rows.{i}.id`, `.name`, `.guidance`, `.group`. */
export function attributeRowsOf(form: FormData): AttributeInput[] {
  const rows: AttributeInput[] = [];
  for (let i = 0; form.has(`rows.${i}.name`); i++) {
    const id = String(form.get(`rows.${i}.id`) ?? "");
    rows.push({
      ...(id ? { id } : {}),
      name: String(form.get(`rows.${i}.name`) ?? ""),
      guidance: String(form.get(`rows.${i}.guidance`) ?? ""),
      group: String(form.get(`rows.${i}.group`) ?? ""),
    });
  }
  return rows;
}
