// The CV as a react-pdf document, in two templates. Written with createElement, not JSX: it runs in
// the render child (cv-render-child.ts), which Node loads as plain TypeScript. Keep this file to
// erasable TypeScript and imports from node_modules or beside it.
import { createElement as h, type ReactElement, type ReactNode } from "react";
import { Document, Link, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { linkText, type CvData, type CvTemplate } from "./cv-data.ts";

/** The font family the child registers (Inter, from @expo-google-fonts/inter). */
export const CV_FONT = "Inter";

type Styles = ReturnType<typeof stylesFor>;

function stylesFor(template: CvTemplate) {
  const compact = template === "compact";
  const size = compact ? 9 : 10.5;
  const accent = compact ? "#0f766e" : "#1f2937";
  return StyleSheet.create({
    page: {
      paddingTop: compact ? 30 : 44,
      paddingBottom: 44,
      paddingHorizontal: compact ? 34 : 48,
      fontFamily: CV_FONT,
      fontSize: size,
      lineHeight: 1.4,
      color: "#1f2937",
    },
    // A unitless lineHeight set on Page reaches bigger text as points: restate it where the size changes.
    header: compact
      ? {
          flexDirection: "row",
          justifyContent: "space-between",
          alignItems: "flex-end",
          borderBottomWidth: 1.5,
          borderBottomColor: accent,
          paddingBottom: 6,
          marginBottom: 4,
        }
      : { marginBottom: 6 },
    name: { fontSize: compact ? 17 : 22, lineHeight: 1.2, fontWeight: 700, color: compact ? accent : "#111827" },
    headline: { fontSize: compact ? 10 : 12, lineHeight: 1.3, color: "#4b5563", marginTop: 2 },
    contact: {
      flexDirection: "row",
      flexWrap: "wrap",
      fontSize: compact ? 8.5 : 9.5,
      color: "#374151",
      marginTop: compact ? 0 : 6,
    },
    contactCompact: { fontSize: 8.5, lineHeight: 1.4, color: "#374151", textAlign: "right" },
    contactItem: { marginRight: 12 },
    link: { color: "#1d4ed8", textDecoration: "none" },
    sectionTitle: compact
      ? {
          fontSize: 9,
          lineHeight: 1.3,
          fontWeight: 700,
          color: accent,
          textTransform: "uppercase",
          letterSpacing: 0.8,
          marginTop: 10,
          marginBottom: 3,
        }
      : {
          fontSize: 12.5,
          lineHeight: 1.3,
          fontWeight: 700,
          borderBottomWidth: 1,
          borderBottomColor: "#d1d5db",
          paddingBottom: 2,
          marginTop: 14,
          marginBottom: 6,
        },
    entryHeader: { flexDirection: "row", justifyContent: "space-between", marginTop: compact ? 4 : 6 },
    entryTitle: { fontWeight: 700, flex: 1, paddingRight: 8 },
    period: { color: "#6b7280" },
    subtitle: { color: "#4b5563" },
    bulletRow: { flexDirection: "row", marginLeft: compact ? 4 : 8, marginTop: compact ? 1 : 2 },
    bullet: { width: compact ? 8 : 10 },
    bulletText: { flex: 1 },
    footer: {
      position: "absolute",
      bottom: 22,
      left: 48,
      right: 48,
      fontSize: 8,
      color: "#9ca3af",
      textAlign: "right",
    },
  });
}

function section(s: Styles, title: string, children: ReactNode[]): ReactElement | null {
  if (!children.length) return null;
  // minPresenceAhead keeps a heading on the page of what follows it.
  return h(View, { key: title }, h(Text, { style: s.sectionTitle, minPresenceAhead: 40 }, title), ...children);
}

function contactItems(s: Styles, cv: CvData): ReactElement[] {
  const items: ReactElement[] = [];
  if (cv.email)
    items.push(h(Link, { key: "email", src: `mailto:${cv.email}`, style: [s.contactItem, s.link] }, cv.email));
  if (cv.location) items.push(h(Text, { key: "location", style: s.contactItem }, cv.location));
  cv.links.forEach((link, i) =>
    items.push(h(Link, { key: `link-${i}`, src: link.url, style: [s.contactItem, s.link] }, linkText(link))),
  );
  return items;
}

function header(s: Styles, cv: CvData, template: CvTemplate): ReactElement {
  const identity = [
    cv.name ? h(Text, { key: "name", style: s.name }, cv.name) : null,
    cv.headline ? h(Text, { key: "headline", style: s.headline }, cv.headline) : null,
  ];
  if (template === "compact") {
    const contact = [cv.email, cv.location, ...cv.links.map(linkText)].filter(Boolean);
    return h(
      View,
      { style: s.header },
      h(View, { style: { flex: 1 } }, ...identity),
      h(
        View,
        { style: { maxWidth: 260, marginLeft: 16, alignItems: "flex-end" } },
        ...contact.map((c, i) => h(Text, { key: i, style: s.contactCompact }, c)),
      ),
    );
  }
  return h(View, { style: s.header }, ...identity, h(View, { style: s.contact }, ...contactItems(s, cv)));
}

function body(s: Styles, cv: CvData, template: CvTemplate): (ReactElement | null)[] {
  const compact = template === "compact";
  const experience = cv.experience.map((job, i) =>
    h(
      View,
      { key: `job-${i}` },
      h(
        View,
        { style: s.entryHeader, minPresenceAhead: 24, wrap: false },
        h(Text, { style: s.entryTitle }, compact ? `${job.title} · ${job.company}` : job.title),
        h(Text, { style: s.period }, job.period),
      ),
      compact ? null : h(Text, { style: s.subtitle }, job.company),
      ...job.bullets.map((b, j) =>
        h(
          View,
          { key: j, style: s.bulletRow, wrap: false },
          h(Text, { style: s.bullet }, "•"),
          h(Text, { style: s.bulletText }, b),
        ),
      ),
    ),
  );
  const education = cv.education.map((e, i) =>
    h(
      View,
      { key: `school-${i}`, style: s.entryHeader, wrap: false },
      h(Text, { style: s.entryTitle }, [e.degree, e.school].filter(Boolean).join(", ")),
      h(Text, { style: s.period }, e.period),
    ),
  );
  const skills = cv.skills.length ? [h(Text, { key: "skills" }, cv.skills.join(" · "))] : [];
  const languages = cv.languages.length
    ? [h(Text, { key: "languages" }, cv.languages.map((l) => `${l.name} (${l.level})`).join(" · "))]
    : [];
  const summary = cv.summary
    ? cv.summary.split(/\n{2,}/).map((p, i) => h(Text, { key: `p-${i}`, style: { marginBottom: 3 } }, p))
    : [];
  return compact
    ? [
        section(s, cv.words.profile, summary),
        section(s, cv.words.skills, skills),
        section(s, cv.words.experience, experience),
        section(s, cv.words.education, education),
        section(s, cv.words.languages, languages),
      ]
    : [
        section(s, cv.words.summary, summary),
        section(s, cv.words.experience, experience),
        section(s, cv.words.education, education),
        section(s, cv.words.skills, skills),
        section(s, cv.words.languages, languages),
      ];
}

/** The CV in `template`. Every part may be empty: the document is then one blank A4 page. */
export function cvDocument(cv: CvData, template: CvTemplate): ReactElement {
  const s = stylesFor(template);
  const title = cv.name ? `${cv.name} – ${cv.words.cv}` : cv.words.cv;
  return h(
    Document,
    { title, author: cv.name || undefined, creator: "Hirewise", producer: "Hirewise", language: cv.words.lang },
    h(
      Page,
      { size: "A4", style: s.page },
      header(s, cv, template),
      ...body(s, cv, template),
      h(Text, {
        style: s.footer,
        fixed: true,
        render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
          totalPages > 1
            ? cv.words.page
                .replace("{{name}}", cv.name)
                .replace("{{page}}", String(pageNumber))
                .replace("{{total}}", String(totalPages))
            : "",
      }),
    ),
  );
}
