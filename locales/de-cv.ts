// Deutsch (Sie-Form): der Lebenslauf-Editor und der Lebenslauf selbst (PDF und Vorschau), Teil von de.ts.
import type { enCv } from "./en-cv.ts";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const deCv: Shape<typeof enCv> = {
  cv: {
    title: "Ihr Lebenslauf",
    madeFrom: "Erstellt aus ",
    yourProfile: "Ihrem Profil",
    changeProfile: ". Ändern Sie das Profil, um den Lebenslauf zu ändern.",
    saved: "Ihr Lebenslauf ist bei Ihren Lebensläufen gespeichert. Sie können ihn bei einer Bewerbung auswählen.",
    seeResumes: "Meine Lebensläufe ansehen",
    template: "Vorlage",
    templates: { classic: "Klassisch", compact: "Kompakt" },
    viewPdf: "PDF ansehen",
    downloadPdf: "PDF herunterladen",
    save: "Bei meinen Lebensläufen speichern",
    saving: "Wird gespeichert…",
    backToCv: "Zurück zu Ihrem Lebenslauf",
    noTemplate: "Diese Lebenslauf-Vorlage gibt es nicht.",
    empty:
      "Ihr Profil ist leer, daher zeigt dieser Lebenslauf nur Ihren Namen. Ergänzen Sie Ihr Profil, um ihn zu füllen.",
    previewLabel: "Vorschau des Lebenslaufs, Vorlage {{template}}",
    document: {
      cv: "Lebenslauf",
      summary: "Zusammenfassung",
      profile: "Profil",
      experience: "Berufserfahrung",
      education: "Ausbildung",
      skills: "Kenntnisse",
      languages: "Sprachen",
      present: "heute",
      page: "{{name}} — Seite {{page}} von {{total}}",
      levels: {
        native: "Muttersprache",
        fluent: "Fließend",
        professional: "Verhandlungssicher",
        conversational: "Gute Kenntnisse",
        basic: "Grundkenntnisse",
      },
    },
  },
};
