// Deutsch: die Preisseite und die Zeilen des Tarifkatalogs (Untertitel, Leistungen, Hinweise), Teil von de.ts.
import type { Catalogue } from "./en.ts";
import type { enPlanMessages } from "./en-pricing.ts";

export const dePricing: Pick<Catalogue, "pricing"> = {
  pricing: {
    title: "Preise",
    description:
      "Hirewise-Tarife für Arbeitgeber und Jobsuchende, monatlich oder jährlich abgerechnet. Kostenloser Test ohne Kreditkarte, 0 $ Einrichtung und 30 Tage Geld-zurück-Garantie auf bezahlte Tarife.",
    eyebrow: "Preise",
    heading: "Einfache Preise für Arbeitgeber und Jobsuchende",
    leadSignedIn: "Keine Kreditkarte für den Test",
    leadVisitor: "Beginnen Sie mit {{days}} Tagen kostenlosem Test. Keine Kreditkarte",
    leadRest: ", keine Einrichtungsgebühr und 30 Tage Geld-zurück-Garantie auf jeden bezahlten Tarif.",
    applyLimit:
      "Sie haben alle Bewerbungen Ihres Tarifs genutzt. Wählen Sie unten einen Tarif, um sich weiter zu bewerben; nichts von dem, was Sie begonnen haben, geht verloren.",
    audiences: { "job-seekers": "Jobsuchende", employers: "Arbeitgeber" },
    billings: { monthly: "Monatlich", annual: "Jährlich" },
    plansFor: { "job-seekers": "Tarife für Jobsuchende", employers: "Tarife für Arbeitgeber" },
    showPlansFor: "Tarife anzeigen für",
    billingPeriod: "Abrechnungszeitraum",
    showing: {
      "job-seekers": {
        monthly: "Tarife für Jobsuchende, monatlich abgerechnet.",
        annual: "Tarife für Jobsuchende, jährlich abgerechnet.",
      },
      employers: {
        monthly: "Tarife für Arbeitgeber, monatlich abgerechnet.",
        annual: "Tarife für Arbeitgeber, jährlich abgerechnet.",
      },
    },
    everyPlan: {
      "job-seekers": "Jeder Tarif für Jobsuchende enthält: ",
      employers: "Jeder Tarif für Arbeitgeber enthält: ",
    },
    included: {
      label: "In jedem Tarif enthalten",
      trial: "{{days}} Tage kostenlos testen",
      noCard: "Keine Kreditkarte nötig",
      guarantee: "30 Tage Geld-zurück-Garantie",
      setup: "0 $ Einrichtung, Tarif jederzeit wechseln",
    },
    ctaTitle: "Nicht sicher, welcher Tarif passt?",
    ctaHow: "So funktioniert Hirewise",
    ctaStart: "Jedes Konto beginnt mit dem kostenlosen Test.",
    ctaOnline: "Wechseln Sie, wann Sie bereit sind; Änderungen gelten sofort.",
    ctaOffline: "Wechseln Sie, wann Sie bereit sind; Änderungen gelten, sobald sie eingerichtet sind.",
    card: {
      mostPopular: "Am beliebtesten",
      request: "Diesen Tarif anfragen",
      choose: "{{plan}} wählen",
      custom: "Individuell",
      customBody: "Preise passend zu Ihrem Team und Ihrem Volumen.",
      forDays: "für {{days}} Tage",
      noCard: "Keine Kreditkarte nötig.",
      perYear: "/Jahr",
      perMonth: "/Monat",
      billedYearly: "{{price}}/Monat bei jährlicher Abrechnung.",
      orYearly: "Oder {{price}}/Jahr",
      save: "{{percent}} % sparen",
      saveVsMonthly: "{{percent}} % günstiger als monatlich",
      saveYearly: "{{percent}} % sparen bei jährlicher Zahlung",
    },
    faqTitle: "Häufige Fragen",
    faq: {
      trialQ: "Wie funktioniert der kostenlose Test über {{days}} Tage?",
      trialOnline:
        "Jedes neue Konto beginnt im Tarif Free Trial und kann Hirewise {{days}} Tage kostenlos nutzen. Wenn der Test endet, wählen Sie einen bezahlten Tarif, um weiterzumachen. Es wird nichts automatisch abgebucht, denn wir haben nie nach einer Karte gefragt.",
      trialOffline:
        "Jedes neue Konto beginnt im Tarif Free Trial und kann Hirewise {{days}} Tage kostenlos nutzen. Wenn Sie mehr brauchen, wählen Sie auf dieser Seite einen bezahlten Tarif und fragen ihn an: Wir melden uns, um die Zahlung zu vereinbaren. Es wird nichts automatisch abgebucht.",
      cardQ: "Brauche ich zum Start eine Kreditkarte?",
      cardOnline: "Nein. Zahlungsdaten geben Sie erst ein, wenn Sie zu einem bezahlten Tarif wechseln.",
      cardOffline:
        "Nein. Hier fragt niemand nach einer Karte: Ein bezahlter Tarif wird auf dieser Seite angefragt, und die Zahlung vereinbaren wir direkt mit Ihnen.",
      setupQ: "Gibt es Einrichtungsgebühren?",
      setupA: "Nein. Die Einrichtung kostet 0 $. Sie zahlen den hier gezeigten Tarifpreis und sonst nichts.",
      refundQ: "Was, wenn Hirewise nicht das Richtige für mich ist?",
      refundA:
        "Jeder bezahlte Tarif hat 30 Tage Geld-zurück-Garantie. Wenn Sie innerhalb von 30 Tagen nach der Zahlung nicht zufrieden sind, sagen Sie es uns, und wir erstatten den vollen Betrag.",
      changeQ: "Kann ich den Tarif später wechseln?",
      changeOnline:
        "Ja. Wechseln Sie jederzeit in Ihrem Konto zu einem höheren oder niedrigeren Tarif oder zwischen monatlicher und jährlicher Abrechnung. Änderungen gelten sofort.",
      changeOffline:
        "Ja. Fragen Sie auf dieser Seite einen anderen Tarif oder Abrechnungszeitraum an; die Änderung gilt, sobald wir sie eingerichtet haben.",
      annualQ: "Wie viel spare ich mit jährlicher Abrechnung?",
      annualA:
        "Jährlich zu zahlen kostet bis zu {{percent}} % weniger als zwölf Monatszahlungen. Jede Tarifkarte zeigt ihre eigene Ersparnis, wenn Sie „Jährlich“ wählen.",
      enterpriseQ: "Für wen ist Enterprise?",
      enterpriseBefore:
        "Für Unternehmen, die in großem Umfang einstellen oder eigene Einkaufs- und Rechnungsprozesse haben. Schreiben Sie an ",
      enterpriseAfter: ", und wir stellen passende Konditionen zusammen.",
      shareQ: "Können sich Jobsuchende und Arbeitgeber ein Konto teilen?",
      shareA:
        "Jedes Konto ist entweder ein Arbeitgeber- oder ein Jobsuchenden-Konto, und jede Seite hat eigene Tarife. Wenn Sie beides tun, legen Sie für jede Seite ein Konto an.",
    },
  },
};

export const dePlanMessages: typeof enPlanMessages = {
  planTrialDays: "{{days}} Tage kostenlos testen",
  planUnlimitedApplications: "Unbegrenzt viele Bewerbungen",
  planApplyToOne: "Bewerbung auf 1 Stelle",
  planApplyTo: "Bewerbungen auf {{n}} Stellen",
  planAnswerFeedback: "KI-Feedback zu Ihren Antworten vor dem Absenden",
  planUnlimitedJobs: "Unbegrenzt viele aktive Stellen",
  planOneJob: "1 aktive Stelle",
  planUpToJobs: "Bis zu {{n}} aktive Stellen",
  planUpToOneApplication: "Bis zu 1 Bewerbung",
  planUpToApplications: "Bis zu {{n}} Bewerbungen",
  planBrowsing: "Unbegrenzt Stellen durchsuchen",
  planCvMaker: "Lebenslauf-Editor mit PDF-Download",
  planTracking: "Statusverfolgung Ihrer Bewerbungen",
  planAlerts: "Gespeicherte Stellen und Job-Alarme",
  planAiWriting: "Von der KI geschriebene Beschreibungen und Fragen",
  planAiScoring: "KI-Bewertung jeder Bewerbung",
  planTeamReview: "Prüfung im Team mit Notizen und Bewertungen",
  planCsv: "CSV-Export der Bewerbenden",
  planTryFree: "Testen Sie Hirewise {{days}} Tage kostenlos.",
  planActiveSearch: "Für eine aktive Jobsuche.",
  planExperienced: "Für erfahrene Fachkräfte.",
  planFirstJobFree: "Ihre erste Stelle {{days}} Tage kostenlos ausschreiben.",
  planGrowingTeams: "Für wachsende Teams, die regelmäßig einstellen.",
  planAtScale: "Für Unternehmen, die in großem Umfang einstellen.",
  planCustomTerms: "Individuelle Konditionen, Einführung und Support.",
  planContactSales: "Vertrieb kontaktieren",
  planStartTrial: "Kostenlos testen",
  planForSeekers: "Für Konten von Jobsuchenden.",
  planForEmployers: "Für Arbeitgeberkonten.",
  planCurrent: "Ihr aktueller Tarif.",
  planWhereNewStart: "Hier beginnt jedes neue Konto.",
  planOwnersOnly: "Nur die Inhaber Ihres Unternehmens können den Tarif ändern.",
};
