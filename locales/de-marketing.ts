// Deutsch: the marketing pages' words (home, about), part of de.ts.
import type { Catalogue } from "./en.ts";

export const deMarketing: Pick<Catalogue, "home" | "about"> = {
  home: {
    title: "Hirewise · Einstellen nach Können, nicht nach Schlagworten",
    description:
      "Hirewise schreibt Ihre Stellenanzeige und Screening-Fragen mit KI, bewertet jede Bewerbung nach Fachkenntnis, Kommunikation und Zusammenarbeit (so, wie die Antworten sie zeigen) und liefert Ihnen eine geordnete Auswahlliste. Kostenlos testen, ohne Kreditkarte.",
    deleted: "Ihr Konto ist gelöscht.",
    eyebrow: "Stellenmarkt mit KI-Unterstützung",
    heading: "Einstellen nach Können, nicht nach Schlagworten",
    lead: "Hirewise schreibt Ihre Stellenanzeige und Screening-Fragen, bewertet jede Bewerbung nach Fachkenntnis, Kommunikation und Zusammenarbeit, so wie die Antworten sie zeigen, und liefert Ihnen eine geordnete Auswahlliste. So sprechen Sie mit den richtigen Menschen.",
    seePricing: "Preise ansehen",
    trialLine: "{{days}} Tage kostenlos testen · Keine Kreditkarte nötig · Keine Einrichtungsgebühr",
    lookingPrefix: "Sie suchen eine neue Stelle?",
    browseOpenJobs: "Offene Jobs ansehen",
    or: "oder",
    createSeeker: "ein Konto für Jobsuchende erstellen",
    features: {
      eyebrow: "Warum Hirewise",
      title: "Alles, was Sie brauchen, um auf Basis von Fakten einzustellen",
      description:
        "Screening-Fragen, die zur Stelle passen, Antworten, die für alle Bewerbenden gleich bewertet werden, und eine Auswahlliste, die Sie begründen können.",
      howLink: "So funktionieren die KI-Fragen",
      matchingTitle: "KI-Abgleich",
      matchingBody:
        "Hirewise liest die Stelle und jede Bewerbung zusammen: So stehen die Menschen oben, deren Fähigkeiten passen – nicht die, die die meisten Schlagworte in ihren Lebenslauf geschrieben haben.",
      scoringTitle: "KI-Bewertung",
      scoringBody:
        "Jede Bewerbung wird nach Fachkenntnis, Kommunikation und Zusammenarbeit bewertet (so, wie die Antworten sie zeigen), mit einer Gesamtübereinstimmung in Prozent; die Antworten hinter jeder Bewertung sind nur einen Klick entfernt.",
      fasterTitle: "Schneller einstellen",
      fasterBody:
        "Die KI entwirft die Stellenbeschreibung und zehn Screening-Fragen in Sekunden. Prüfen Sie mit Ihrem Team eine geordnete Liste statt eines Stapels Lebensläufe – von der ersten Antwort bis zum Angebot.",
      cvTitle: "Lebenslauf-Editor",
      cvBody:
        "Jobsuchende erstellen in Hirewise einen klaren, gut gegliederten Lebenslauf und fügen ihn jeder Bewerbung bei – so ist jedes Profil, das Sie öffnen, gut lesbar.",
    },
    cta: {
      title: "Machen Sie Ihre nächste Einstellung zur richtigen",
      compare: "Pläne vergleichen",
      body: "Veröffentlichen Sie Ihren ersten Job in wenigen Minuten. Die KI schreibt die Fragen, bewertet die Antworten und zeigt Ihnen, wen Sie zuerst anrufen sollten.",
    },
    wayIn: {
      visitor: "Kostenlos testen",
      visitorShort: "Kostenlos testen",
      employer: "Zu Ihrer Übersicht",
      employerShort: "Ihre Übersicht",
      candidate: "Jobs durchsuchen",
      candidateShort: "Jobs durchsuchen",
    },
    stats: {
      label: "Hirewise in Zahlen",
      activeJobs: "Aktive Jobs",
      companiesHiring: "Unternehmen, die einstellen",
      candidates: "Bewerbende",
    },
    scorecard: {
      role: "Senior Backend Engineer",
      applicant: "Bewerbung 12 von 48",
      shortlisted: "In der engeren Wahl",
      match: "Treffer",
      technical: "Fachlich",
      communication: "Kommunikation",
      collaboration: "Zusammenarbeit (aus den Antworten)",
      question: "F4 · Systemdesign",
      answer:
        "„Ich würde eine Warteschlange zwischen die API und den PDF-Worker setzen, damit ein langsamer Upload nie den Bezahlvorgang blockiert …“",
      caption: "Ein Beispiel für eine KI-Bewertung, wie Arbeitgeber sie bei jeder Bewerbung sehen.",
    },
    pricing: {
      eyebrow: "Preise",
      title: "Einfache Pläne für beide Seiten",
      description:
        "Jedes Konto beginnt mit {{days}} Tagen kostenlosem Test. Keine Kreditkarte, keine Einrichtungsgebühr, und Sie können den Plan jederzeit wechseln.",
      employers: "Für Arbeitgeber",
      compareEmployers: "Pläne für Arbeitgeber vergleichen",
      seekers: "Für Jobsuchende",
      compareSeekers: "Pläne für Jobsuchende vergleichen",
      saveYearly: "Bei jährlicher Zahlung sparen Sie bis zu {{percent}} %. ",
      guarantee: "30 Tage Geld-zurück-Garantie auf jeden bezahlten Plan.",
      seeFull: "Alle Preise ansehen",
      mostPopular: "Am beliebtesten",
      custom: "Individueller Preis",
      trialPrice: "0 $ für {{days}} Tage",
      perMonth: "/Monat",
    },
  },
  about: {
    title: "Über uns",
    description:
      "Hirewise hilft Arbeitgebern, nach Belegen einzustellen, und Bewerbern, nach ihrem Können beurteilt zu werden. Unsere Mission, unsere Vision, unsere Werte und wie alles begann.",
    eyebrow: "Über Hirewise",
    heading: "Einstellungen sollten belohnen, was Menschen können",
    lead: "Hirewise ist ein KI-gestützter Marktplatz für Einstellungen. Arbeitgeber veröffentlichen Stellen mit Auswahlfragen, die für genau diese Stelle geschrieben sind, Bewerber beantworten sie, und beide Seiten kommen schneller und fairer zu einer Entscheidung.",
    purposeLabel: "Mission und Vision",
    missionTitle: "Unsere Mission",
    missionBody:
      "Jedem Arbeitgeber helfen, nach Belegen einzustellen, und jeden Bewerber nach seinem Können beurteilen lassen: nicht nach Schlagworten, Herkunft oder danach, wie gut ein Lebenslauf zufällig formatiert ist.",
    visionTitle: "Unsere Vision",
    visionBody:
      "Ein Arbeitsmarkt, auf dem sich bewerben heißt zu zeigen, was man kann, jeder Bewerber eine Antwort bekommt und die beste Person die Stelle erhält.",
    storyEyebrow: "Unsere Geschichte",
    storyTitle: "Wie Hirewise begann",
    story1:
      "Hirewise begann mit zwei Menschen auf gegenüberliegenden Seiten desselben Problems. Sie war Engineering-Managerin und las ein ganzes Quartal lang mehr als tausend Lebensläufe für drei offene Stellen, und hatte trotzdem das Gefühl zu raten. Er war Entwickler, verschickte Dutzende Bewerbungen und hörte von fast keiner etwas, auch nicht auf Stellen, für die er bestens qualifiziert war.",
    story2:
      "Als sie ihre Erfahrungen verglichen, sahen sie denselben Fehler von beiden Seiten. Lebensläufe sagen wenig über Können, Schlagwortfilter weisen gute Leute ab, und niemand hat Zeit, alles gründlich zu lesen. Was bei beiden funktioniert hatte, war einfacher: eine Handvoll gut gewählter Fragen zur tatsächlichen Stelle, ehrlich beantwortet.",
    story3:
      "Also bauten sie genau das. Hirewise nutzt KI für die langsamen Teile, schreibt den Entwurf der Stellenanzeige, formuliert Fragen für die Stelle und bewertet die Antworten einheitlich, und überlässt die Entscheidungen den Menschen. Heute hilft es Unternehmen jeder Größe, Bewerber nach echtem Können auszuwählen, und gibt Bewerbern einen klaren, fairen Weg zu zeigen, was sie können.",
    valuesEyebrow: "Unsere Werte",
    valuesTitle: "Worauf wir bauen",
    valuesDescription:
      "Vier Grundsätze hinter jeder Funktion, die wir ausliefern, und jeder Entscheidung, die wir treffen.",
    skillsTitle: "Können statt Signale",
    skillsBody:
      "Wir beurteilen Bewerbungen danach, was Menschen können. Berufsbezeichnungen, Namen von Hochschulen und die Dichte von Schlagworten sind kein Beleg für Können.",
    peopleTitle: "Menschen entscheiden",
    peopleBody:
      "Die KI entwirft, schlägt vor und bewertet. Die Entscheidung über eine Einstellung trifft immer ein Mensch, mit den Antworten hinter jeder Bewertung vor Augen.",
    timeTitle: "Die Zeit aller respektieren",
    timeBody:
      "Kurze, relevante Fragen für Bewerber, eine sortierte Auswahlliste für Arbeitgeber und klare Statusmeldungen, damit niemand im Ungewissen wartet.",
    honestTitle: "Ehrlich von Anfang an",
    honestBody:
      "Klare Preise ohne Einrichtungsgebühr, eine kostenlose Testphase ohne Kreditkarte und eine Erstattung, wenn wir unser Geld nicht wert sind.",
    curious: "Sie möchten es genauer wissen?",
    readHow: "Lesen Sie, wie Hirewise funktioniert",
    ctaTitle: "Stellen Sie nach Können ein, ab heute",
    ctaTrial: "Kostenlos testen",
    ctaHow: "So funktioniert’s",
    ctaBody:
      "Veröffentlichen Sie eine Stelle, lassen Sie die KI die Fragen schreiben und prüfen Sie eine sortierte Auswahlliste. Sie suchen Arbeit?",
    ctaSeeker: "Als Jobsuchende:r registrieren",
  },
};
