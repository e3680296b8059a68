// Deutsch: die Seite „So funktioniert’s“, Teil von de.ts.
import type { Catalogue } from "./en.ts";

export const deHow: Pick<Catalogue, "how"> = {
  how: {
    title: "So funktioniert’s",
    description:
      "Schreiben Sie eine Stelle aus, lassen Sie die KI Beschreibung und Screening-Fragen verfassen, sammeln Sie Antworten und Lebensläufe und erhalten Sie für alle Bewerbenden eine Bewertung von Fachkönnen, Kommunikation und Zusammenarbeit (so wie die Antworten sie zeigen).",
    eyebrow: "So funktioniert’s",
    heading: "Von der Stellenanzeige zur engeren Auswahl in vier Schritten",
    seePricing: "Preise ansehen",
    lead: "Hirewise ersetzt den Stapel Lebensläufe durch Fragen, die für die Stelle geschrieben sind, und bewertet die Antworten aller Bewerbenden auf dieselbe Weise. So läuft es ab, sobald Sie eine Stelle ausschreiben.",
    stepsEyebrow: "Der KI-Fragenprozess",
    stepsTitle: "Ein Screening, das bei der Stelle beginnt, nicht beim Lebenslauf",
    stepLabel: "Schritt {{n}}: ",
    steps: {
      post: {
        title: "Stelle ausschreiben",
        body: "Beschreiben Sie die Stelle in einem kurzen Assistenten mit drei Schritten: die Grunddaten, die Screening-Fragen und eine letzte Prüfung vor der Veröffentlichung.",
        p1: "Titel, Unternehmen, Ort sowie vor Ort, remote oder hybrid",
        p2: "Anstellungsart, Kategorie und Gehaltsspanne",
        p3: "Die Anforderungen und Vorteile, auf die es Ihnen ankommt",
      },
      ai: {
        title: "Die KI schreibt Beschreibung und Screening-Fragen",
        body: "Aus Ihren Anforderungen entwirft Hirewise eine vollständige Stellenbeschreibung und zehn Screening-Fragen, die für diese Stelle geschrieben sind und nicht aus einer allgemeinen Liste stammen.",
        p1: "Zusammenfassung, Aufgaben, Qualifikationen und Vorteile",
        p2: "Offene Antworten, Mehrfachauswahl und Selbsteinschätzungen von 1 bis 5",
        p3: "Bearbeiten, entfernen oder eigene ergänzen, bevor Sie veröffentlichen",
      },
      apply: {
        title: "Bewerbende antworten und laden einen Lebenslauf hoch",
        body: "Jobsuchende finden Ihre Stelle, beantworten alle Fragen und hängen einen Lebenslauf als PDF an. Sie wissen schon vor dem Start, wie viele Fragen es gibt.",
        p1: "Eine einfache Bewerbung, am Smartphone oder am Computer",
        p2: "Der Lebenslauf ist freiwillig, aber empfohlen",
        p3: "Bewerbende verfolgen nach der Bewerbung ihren Status",
      },
      score: {
        title: "Die KI bewertet, Sie treffen die Auswahl",
        body: "Jede Bewerbung wird auf dieselbe Weise bewertet. So beginnen Sie mit den stärksten Antworten und verbringen Ihre Zeit mit den richtigen Gesprächen.",
        p1: "Bewertungen für Fachkönnen, Kommunikation und Zusammenarbeit, aus den Antworten",
        p2: "Eine Gesamtübereinstimmung in Prozent für alle Bewerbenden",
        p3: "Bewerbende ins Vorstellungsgespräch, zum Angebot und zur Einstellung bewegen (Absagen fragen vorher nach); die Bewerbenden sehen jeden Schritt",
      },
    },
    statsLabel: "Hirewise in Zahlen",
    benefitsEyebrow: "Vorteile",
    benefitsTitle: "Warum Teams mit Hirewise vorauswählen",
    benefitsDescription:
      "Weniger Zeit fürs Sortieren von Bewerbungen, mehr Sicherheit bei der Frage, wen Sie zurückrufen.",
    benefits: {
      hours: {
        title: "Jede Woche Stunden gewonnen",
        body: "Schluss mit Hunderten fast gleicher Lebensläufe. Beginnen Sie mit den Bewerbenden, deren Antworten zeigen, dass sie die Aufgabe beherrschen.",
      },
      fair: {
        title: "Fair und einheitlich",
        body: "Alle beantworten dieselben Fragen und werden nach denselben Kriterien bewertet. Entscheidungen beruhen auf Belegen, nicht auf der Gestaltung eines Lebenslaufs.",
      },
      signal: {
        title: "Mehr als der Lebenslauf verrät",
        body: "Fragen zu echten Problemen zeigen, wie jemand Fehler sucht, entwirft und erklärt: die praktische Erfahrung, die Schlagworte nie verraten.",
      },
      call: {
        title: "Sie entscheiden",
        body: "Die KI entwirft und bewertet, Menschen entscheiden. Jede Frage lässt sich bearbeiten, und jede Auswahl treffen Sie.",
      },
      live: {
        title: "In Minuten online",
        body: "Die KI schreibt den ersten Entwurf der Anzeige und der Fragen. So kann eine neue Stelle noch am selben Nachmittag online gehen.",
      },
      experience: {
        title: "Ein besseres Erlebnis für Bewerbende",
        body: "Klare Fragen von Anfang an, eine unkomplizierte Bewerbung und Statusmeldungen vom Eingang bis zur engeren Auswahl. Kein Schweigen mehr.",
      },
    },
    seekerPrefix: "Sie suchen selbst einen Job?",
    seekerLink: "Konto als Jobsuchende(r) erstellen",
    ctaReady: "Bereit, wenn Sie es sind",
    ctaFirst: "Ihre erste Stelle kostenlos ausschreiben",
    ctaCompare: "Tarife vergleichen",
    ctaTrial: "{{days}} Tage kostenlos testen, ohne Kreditkarte. ",
    ctaBody: "Ihre Screening-Fragen sind in Sekunden fertig.",
  },
};
