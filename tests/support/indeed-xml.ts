// Tests only: an Indeed feed read back with a real XML parser (fast-xml-parser), after its
// validator passed it. Every value comes back as the string the feed holds (CDATA sections joined,
// nothing trimmed or turned into numbers); each <job> is an object of its elements.
import parser from "fast-xml-parser";
import { expect } from "vitest";

export interface ReadFeed {
  publisher: string;
  publisherurl: string;
  lastBuildDate: string;
  jobs: Record<string, string>[];
}

/** What the feed says (fails the test when the XML is not well-formed or lacks its head). */
export function readIndeedFeed(xml: string): ReadFeed {
  expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<source>')).toBe(true);
  expect(parser.validate(xml)).toBe(true);
  const parsed = parser.parse(xml, { parseNodeValue: false, trimValues: false, arrayMode: (tag) => tag === "job" }) as {
    source: Record<string, unknown> & { job?: Record<string, unknown>[] };
  };
  const { source } = parsed;
  const strip = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => k !== "#text")) as Record<string, string>;
  return {
    publisher: String(source.publisher),
    publisherurl: String(source.publisherurl),
    lastBuildDate: String(source.lastBuildDate),
    jobs: (source.job ?? []).map(strip),
  };
}
