// The search as its URL states it: defaults for a missing q or location, unknown choices read as
// none (or date_posted's "all", currency's "USD"), the first value of a repeated field (remote's
// last), long text cut, and no input that fails to parse.
import { describe, expect, it } from "vitest";
import { MAX_PREVIOUS_PAGES, parseSearchQuery } from "./search-query.ts";

const defaults = { q: "software developer", location: "United States" };
const read = (query: string) => parseSearchQuery(new URLSearchParams(query), defaults);

describe("parseSearchQuery", () => {
  it("reads a plain visit as the defaults", () => {
    expect(read("")).toStrictEqual({
      q: "software developer",
      location: "United States",
      location_type: "",
      employment_type: "",
      category: "",
      min_salary: "",
      date_posted: "all",
      remote: "",
      currency: "USD",
      sort: "",
      cursor: null,
      page: 1,
      job: "",
      sample: false,
      prev: [],
    });
  });

  it("keeps an empty q or location empty; only a missing one reads as the default", () => {
    expect(read("q=&location=")).toMatchObject({ q: "", location: "" });
    expect(read("q=")).toMatchObject({ q: "", location: "United States" });
    expect(parseSearchQuery(new URLSearchParams(), { q: "  two   words ", location: "" })).toMatchObject({
      q: "two words",
      location: "",
    });
  });

  it("reads every field the form sends", () => {
    const query = read(
      "q=rust&location=Berlin&location_type=hybrid&employment_type=CONTRACT&category=Design&min_salary=80,000" +
        "&date_posted=week&remote=0&remote=1&currency=EUR&sort=salary&cursor=abc&page=3&job=board:1&sample=1&prev=~1.abc~2",
    );
    expect(query).toStrictEqual({
      q: "rust",
      location: "Berlin",
      location_type: "hybrid",
      employment_type: "CONTRACT",
      category: "Design",
      min_salary: "80,000",
      date_posted: "week",
      remote: "1",
      currency: "EUR",
      sort: "salary",
      cursor: "abc",
      page: 3,
      job: "board:1",
      sample: true,
      prev: ["~1", "abc~2"],
    });
  });

  it("reads unknown choices as none, or as date_posted's and currency's defaults", () => {
    expect(
      read(
        "location_type=moon&employment_type=fulltime&category=design&date_posted=year&remote=yes&currency=usd&sort=best",
      ),
    ).toMatchObject({
      location_type: "",
      employment_type: "",
      category: "",
      date_posted: "all",
      remote: "",
      currency: "USD",
      sort: "",
    });
    expect(read("location_type=&date_posted=&currency=&sort=&remote=")).toMatchObject({
      location_type: "",
      date_posted: "all",
      currency: "USD",
      sort: "",
      remote: "",
    });
  });

  it("takes a repeated field's first value, and remote's last", () => {
    expect(
      read("q=a&q=b&sort=bogus&sort=newest&currency=GBP&currency=EUR&page=2&page=5&sample=0&sample=1"),
    ).toMatchObject({ q: "a", sort: "", currency: "GBP", page: 2, sample: false });
    expect(read("remote=0&remote=1").remote).toBe("1");
    expect(read("remote=1&remote=0").remote).toBe("0");
    expect(read("remote=1&remote=2").remote).toBe("");
  });

  it("reads a page from 0 to 100 (an empty one is 0), anything else as the first", () => {
    expect(read("page=0").page).toBe(0);
    expect(read("page=").page).toBe(0);
    expect(read("page=100").page).toBe(100);
    expect(read("page=%207%20").page).toBe(7);
    for (const page of ["101", "-1", "1.5", "abc", "Infinity", "NaN"]) expect(read(`page=${page}`).page, page).toBe(1);
  });

  it("puts text on one line and cuts oversized values", () => {
    const long = "x".repeat(5000);
    const query = read(
      new URLSearchParams({
        q: ` a \t b\n${long}`,
        location: long,
        min_salary: `  ${long}`,
        cursor: long,
        job: long,
      }).toString(),
    );
    expect(query.q).toBe(`a b ${"x".repeat(196)}`);
    expect(query.location).toHaveLength(100);
    expect(query.min_salary).toHaveLength(20);
    expect(query.cursor).toHaveLength(500);
    expect(query.job).toHaveLength(300);
    expect(read("cursor=").cursor).toBeNull();
  });

  it("keeps only well-formed earlier pages, the last few", () => {
    expect(read("prev=abc~1.x~y.~1234.a b~1.-_~12").prev).toStrictEqual(["abc~1", "-_~12"]);
    expect(read(`prev=${"abc~1.".repeat(500)}last~2`).prev).toHaveLength(MAX_PREVIOUS_PAGES);
    expect(read(`prev=${"abc~1.".repeat(500)}last~2`).prev.at(-1)).toBe("last~2");
    expect(read(`prev=${"a".repeat(401)}~1`).prev).toStrictEqual([]);
  });

  it("never fails, whatever the URL holds", () => {
    const odd = ["%00", "%FF", "%E2%80%AE", "__proto__", "constructor", "=", "&&&", "%"];
    const names = ["q", "location", "remote", "page", "prev", "currency", "__proto__"];
    for (const value of odd)
      for (const name of names)
        expect(() =>
          parseSearchQuery(new URLSearchParams(`${name}=${value}&${name}=${value}`), defaults),
        ).not.toThrow();
  });
});
