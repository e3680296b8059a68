// How a module's refusal becomes an HTTP answer, for every code of both modules' errors.
import { describe, expect, it } from "vitest";
import { HiringError } from "#modules/hiring/index.server.ts";
import { ApplicationError } from "#modules/applications/index.server.ts";
import { isNotFound, respondToModuleError, withModuleErrors } from "./module-errors.server.ts";

/** What respondToModuleError threw: a Remix data() answer as { status, body }, or the error itself. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (caught) {
    const answer = caught as { type?: string; data?: unknown; init?: { status?: number } };
    if (answer?.type === "DataWithResponseInit") return { status: answer.init?.status, body: answer.data };
    return caught;
  }
  throw new Error("nothing was thrown");
}

const jobNotFound = () => new HiringError("not-found", "The job you're looking for could not be found.");
const applicationNotFound = () =>
  new ApplicationError("not-found", "The application you're looking for could not be found.");

describe("respondToModuleError", () => {
  it.each([
    [new HiringError("invalid", "Fix the fields."), 400],
    [new HiringError("plan-limit", "Your plan allows 1 active job.", { upgradeUrl: "/pricing" }), 403],
    [new HiringError("invalid-transition", "A closed job can't be closed."), 409],
    [new HiringError("questions-locked", "Questions can't change once candidates have answered them."), 409],
    [new ApplicationError("invalid", "Please answer every question before submitting."), 400],
    [new ApplicationError("plan-limit", "Upgrade to apply to more jobs."), 403],
    [new ApplicationError("invalid-transition", "An application that is Rejected can't be moved that way."), 409],
  ])("answers %s with %i, through the route's own answer or as an error page", (error, status) => {
    expect(respondToModuleError(error, { refused: (refusal, s) => ({ s, message: refusal.message }) })).toEqual({
      s: status,
      message: error.message,
    });
    expect(thrown(() => respondToModuleError(error))).toEqual({ status, body: { message: error.message } });
  });

  it("throws not-found as the 404 page, in the route's words when it has its own", () => {
    for (const error of [jobNotFound(), applicationNotFound()]) {
      expect(thrown(() => respondToModuleError(error))).toEqual({ status: 404, body: { message: error.message } });
      // A route's own answer to refusals is never asked for a missing thing.
      const refused = () => "not this";
      expect(
        thrown(() =>
          respondToModuleError(error, { notFound: "The job you're trying to apply for could not be found.", refused }),
        ),
      ).toEqual({
        status: 404,
        body: { message: "The job you're trying to apply for could not be found." },
      });
    }
    expect(isNotFound(jobNotFound())).toBe(true);
    expect(isNotFound(new HiringError("invalid", "x"))).toBe(false);
    expect(isNotFound(new Error("not-found"))).toBe(false);
  });

  it("throws anything that is not a module's refusal on unchanged", async () => {
    const bug = new TypeError("Cannot read properties of undefined");
    expect(thrown(() => respondToModuleError(bug, { refused: () => "swallowed" }))).toBe(bug);
    await expect(withModuleErrors(() => Promise.reject(bug), { refused: () => "swallowed" })).rejects.toBe(bug);
  });

  it("passes a result through and answers a refusal from the work it wraps", async () => {
    await expect(withModuleErrors(async () => "done")).resolves.toBe("done");
    const refused = (error: HiringError | ApplicationError, status: number) => ({
      error: error.message,
      upgradeUrl: error.upgradeUrl,
      status,
    });
    await expect(
      withModuleErrors(
        () => Promise.reject(new HiringError("plan-limit", "Upgrade.", { upgradeUrl: "/pricing?plan=startup" })),
        { refused },
      ),
    ).resolves.toEqual({ error: "Upgrade.", upgradeUrl: "/pricing?plan=startup", status: 403 });
  });
});
