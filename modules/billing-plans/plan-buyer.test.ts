import { describe, expect, it } from "vitest";
import { planBuyer } from "./index.server.ts";

const company = { companyId: "c1", companyName: "Acme" };

describe("who buys a plan", () => {
  it("lets a candidate manage their own plan", () => {
    expect(planBuyer("u1", null)).toMatchObject({ audience: "candidate", holderId: "u1", plan: "u1", mayManage: true });
  });

  it("lets an owner or the holder manage the company's plan, and nobody else", () => {
    const held = { ...company, holder: { holderId: "h1", source: "h1" } };
    expect(planBuyer("o1", { ...held, managesBilling: true })).toMatchObject({
      holderId: "h1",
      plan: "h1",
      mayManage: true,
    });
    expect(planBuyer("h1", { ...held, managesBilling: false }).mayManage).toBe(true);
    expect(planBuyer("m1", { ...held, managesBilling: false }).mayManage).toBe(false);
  });

  it("makes the owner who buys for a company without a holder its holder, on the company's trial until then", () => {
    const trial = { trialFrom: new Date("2026-11-01T00:00:00Z") };
    const buyer = planBuyer("o1", { ...company, holder: { holderId: null, source: trial }, managesBilling: true });
    expect(buyer).toMatchObject({
      audience: "employer",
      holderId: "o1",
      plan: trial,
      mayManage: true,
      companyId: "c1",
    });
  });
});
