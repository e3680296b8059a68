// Deutsch: die Seite „Meine Bewerbungen“ und der Statusverlauf, Teil von de.ts.
import type { Catalogue } from "./en.ts";

export const deCandidate: Pick<Catalogue, "myApplications" | "timeline"> = {
  myApplications: {
    title: "Meine Bewerbungen · Hirewise",
    heading: "Meine Bewerbungen",
    lead: "Verfolgen Sie den Stand Ihrer Bewerbungen",
    counters: {
      total: "Bewerbungen gesamt",
      submitted: "Eingegangen",
      reviewed: "In Prüfung",
      shortlisted: "Engere Auswahl",
      // A soft hyphen: a phone's narrow column breaks it as "Vorstellungs-gespräch".
      interview: "Vorstellungs\u00ADgespräch",
      offer: "Angebot",
      hired: "Eingestellt",
      rejected: "Nicht ausgewählt",
    },
    emptyTitle: "Noch keine Bewerbungen",
    emptyBody: "Wenn Sie sich auf eine Stelle bewerben, verfolgen Sie hier, wie es weitergeht.",
    browse: "Jobs durchsuchen",
    history: "Ihre Bewerbungen",
    applied: "Beworben am {{date}}",
    closedOn: "Stelle geschlossen am {{date}}",
    updated: "Status zuletzt geändert am {{date}}",
    timeline: "Statusverlauf",
    timelineOf: "Statusverlauf für {{title}}",
    view: "Bewerbung ansehen",
    viewLabel: "Bewerbung für {{title}} ansehen",
    companySite: "Website von {{company}}",
    newTab: "(öffnet in einem neuen Tab)",
    viewJob: "Stelle ansehen",
    jobClosed: "Stelle geschlossen",
    viewResume: "Lebenslauf ansehen",
    browseMore: "Weitere Jobs durchsuchen →",
    message: {
      submitted: "Bewerbung erfolgreich gesendet",
      reviewed: "Bewerbung wird geprüft",
      shortlisted: "Glückwunsch! Sie sind in der engeren Auswahl",
      interview: "Sie sind zum Vorstellungsgespräch eingeladen",
      offer: "Sie haben ein Angebot",
      hired: "Sie sind eingestellt. Herzlichen Glückwunsch!",
      rejected: "Für diese Stelle nicht ausgewählt",
      withdrawn: "Sie haben diese Bewerbung zurückgezogen",
      applied_external: "Auf der Firmenseite beworben: Das Unternehmen kümmert sich von dort aus darum",
    },
  },
  timeline: {
    label: "Statusverlauf",
    byTeam: " · durch das Einstellungsteam",
  },
};
