import { describe, expect, it } from "vitest";
import { readForm, readTextForm, UNSTORABLE_FORM } from "./forms.ts";

const post = (body: BodyInit | null, type: string | null = "application/x-www-form-urlencoded") =>
  new Request("http://127.0.0.1/form", { method: "POST", headers: type ? { "Content-Type": type } : {}, body });

/** The status and message of the answer `read` threw, or "read" when it did not throw. */
async function refusal(read: Promise<unknown>): Promise<{ status: number; message: string } | "read"> {
  try {
    await read;
    return "read";
  } catch (thrown) {
    const answer = thrown as { init: { status: number }; data: { message: string } };
    return { status: answer.init.status, message: answer.data.message };
  }
}

describe("readForm", () => {
  it("reads a urlencoded form as the browser sent it, a stray % kept and bytes that are not UTF-8 replaced", async () => {
    const form = await readForm(post(new Uint8Array([...Buffer.from("a=1&b=%zz&c=%E0%A4%A&d="), 0xff])));
    expect([...form]).toEqual([
      ["a", "1"],
      ["b", "%zz"],
      ["c", "\uFFFD%A"],
      ["d", "\uFFFD"],
    ]);
    expect([...(await readForm(post("")))]).toEqual([]);
  });

  it.each([
    ["no Content-Type", null],
    ["text/plain", "text/plain"],
    ["application/json", "application/json"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["separators", ";;;="],
  ])("answers %s with 415", async (_case, type) => {
    await expect(refusal(readForm(post("a=1", type)))).resolves.toMatchObject({ status: 415 });
  });

  it("refuses a NUL character in any name or value with 400", async () => {
    await expect(refusal(readForm(post("intent=close%00")))).resolves.toEqual({
      status: 400,
      message: UNSTORABLE_FORM,
    });
    await expect(refusal(readForm(post("in%00tent=close")))).resolves.toEqual({
      status: 400,
      message: UNSTORABLE_FORM,
    });
  });

  it("refuses a list index no form of ours has, which would make an array that long", async () => {
    await expect(refusal(readForm(post("questions[99999999].question_text=x")))).resolves.toMatchObject({
      status: 400,
    });
    expect((await readForm(post("questions[999].question_text=x"))).get("questions[999].question_text")).toBe("x");
  });
});

describe("readTextForm", () => {
  it("takes NUL characters out and names the fields that held them", async () => {
    const { form, unstorable } = await readTextForm(
      post("title=Data%00%00%20Engineer&description=kept&benefits%5B0%5D=Dental%00"),
    );
    expect([...form]).toEqual([
      ["title", "Data Engineer"],
      ["description", "kept"],
      ["benefits[0]", "Dental"],
    ]);
    expect(unstorable).toEqual(["title", "benefits[0]"]);
  });
});
