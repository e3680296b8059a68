import { describe, expect, it } from "vitest";
import { placeParts } from "./place-parts.ts";

describe("a location's address parts", () => {
  it.each([
    ["Austin, TX, United States", { city: "Austin", state: "TX", country: "US" }],
    ["Austin, TX 78701, United States", { city: "Austin", state: "TX", country: "US", postalCode: "78701" }],
    ["10115 Berlin, Germany", { city: "Berlin", state: "BE", country: "DE", postalCode: "10115" }],
    ["München, Deutschland", { city: "München", state: "BY", country: "DE" }],
    ["London SW1A 1AA, UK", { city: "London", state: "ENG", country: "GB", postalCode: "SW1A 1AA" }],
    ["London, SW1A 1AA, UK", { city: "London", state: "ENG", country: "GB", postalCode: "SW1A 1AA" }],
    ["Springfield, IL", { city: "Springfield", state: "IL", country: "US" }],
    ["Texas", { state: "TX", country: "US" }],
    ["Remote (US)", { country: "US" }],
    ["Remote", {}],
    ["", {}],
  ])("%s", (location, parts) => {
    expect(placeParts(location)).toEqual(parts);
  });
});
