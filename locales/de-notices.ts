// Deutsch (Sie-Form): die geplanten und Erinnerungs-E-Mails und die Talent-Pool-Seite, Teil von de.ts.
import type { enNotices } from "./en-notices.ts";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const deNotices: Shape<typeof enNotices> = {
  notice: {
    scorecardReminder: {
      subject: "Ihre Bewertung zu {{candidate}} für {{job}}",
      preview: "{{sender}} bittet um Ihre Bewertung zu {{candidate}}.",
      heading: "Ihre Bewertung steht noch aus",
      asks: "{{sender}} bittet um Ihre Bewertung zu {{candidate}}, beworben auf {{job}}.",
      why: "Ihr Team sieht die Bewertungen der anderen erst, wenn die eigene abgegeben ist, so zählt Ihre für sich.",
      action: "Bewertung schreiben",
      settings: "Keine E-Mails zu Bewerbungen mehr?",
    },
    waitingDigest: {
      applicants_one: "1 bewerbende Person",
      applicants_other: "{{count}} Bewerbende",
      days_one: "1 Tag",
      // After „seit“: dative.
      days_other: "{{count}} Tagen",
      subject_one: "{{applicants}} wartet seit über 14 Tagen auf eine Entscheidung",
      subject_other: "{{applicants}} warten seit über 14 Tagen auf eine Entscheidung",
      heading: "Bewerbende warten auf eine Entscheidung",
      oneJob: "einer Ihrer offenen Stellen",
      jobs: "{{n}} Ihrer offenen Stellen",
      summary_one:
        "{{applicants}} auf {{jobs}} wartet seit mehr als 14 Tagen auf eine Entscheidung. Eine kurze Antwort, auch eine Absage, ist besser als Schweigen.",
      summary_other:
        "{{applicants}} auf {{jobs}} warten seit mehr als 14 Tagen auf eine Entscheidung. Eine kurze Antwort, auch eine Absage, ist besser als Schweigen.",
      jobWaiting_one: "{{applicants}} wartet seit über 14 Tagen",
      jobWaiting_other: "{{applicants}} warten seit über 14 Tagen",
      personWaiting: " · wartet seit {{days}}",
      more_one: "Und 1 weitere Stelle mit wartenden Bewerbenden.",
      more_other: "Und {{count}} weitere Stellen mit wartenden Bewerbenden.",
      action: "Zur Übersicht",
      footer:
        "Sie erhalten diese wöchentliche E-Mail als Recruiter:in dieser Stellen auf Hirewise. Ändern können Sie das in Ihren ",
      settingsLink: "Kontoeinstellungen",
      unsubscribe: "Diese wöchentliche Übersicht abbestellen",
    },
    closingReminder: {
      untitled: "Ihre Stelle",
      subject: "{{title}} endet in {{days}} Tagen",
      preview: "Ab {{when}} nimmt sie keine Bewerbungen mehr an.",
      heading: "{{title}} endet bald",
      stops:
        "{{title}} nimmt ab {{when}} keine Bewerbungen mehr an; dann verschwindet sie von der Stellenbörse und wartende Bewerbende erfahren, dass sie geschlossen ist.",
      choices:
        "Um sie offen zu halten, wählen Sie einen späteren Bewerbungsschluss. Um sie jetzt zu schließen, nutzen Sie „Schließen“ auf derselben Seite.",
      fallback: "Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse: {{url}}",
      action: "Verlängern oder schließen",
      reason: "Wir senden dies einmal für jeden Bewerbungsschluss einer Stelle, die Sie betreuen.",
    },
    trialReminder: {
      tomorrow: "morgen",
      inDays: "in {{count}} Tagen",
      subject: "Ihre kostenlose Hirewise-Testphase endet {{left}}",
      preview: "Ihre Testphase endet am {{when}}. Dabei wird nichts gelöscht.",
      heading: "Ihre kostenlose Testphase endet {{left}}",
      ends: "Ihre 14-tägige kostenlose Testphase endet am {{when}}.",
      limits:
        "Danach behält Ihr Konto alles, was es hat, mit den Grenzen der Testphase: {{limit}}, bis Sie ein Upgrade machen.",
      employerLimit: "Sie können keine Stellen veröffentlichen und keine weiteren Bewerbungen erhalten",
      candidateLimit: "Sie können keine weiteren Bewerbungen senden",
      card: "Wählen Sie einen Tarif und zahlen Sie per Karte; er gilt sofort.",
      request:
        "Fragen Sie auf der Tarifseite einen kostenpflichtigen Tarif an: Wir melden uns, um die Zahlung zu vereinbaren, und der Tarif ändert sich, sobald sie eingerichtet ist.",
      action: "Tarife vergleichen",
      reason: "Wir senden dies einmal, bevor Ihre Testphase endet.",
    },
    retentionReminder: {
      subject: "{{company}} entfernt Ihre Bewerbung am {{due}}",
      preview: "Ein Klick hält Sie länger im Talent-Pool.",
      heading: "Im Talent-Pool von {{company}} bleiben?",
      closed:
        "Die Stelle bei {{company}}, auf die Sie sich beworben haben, {{title}}, ist geschlossen. Am {{due}} wird Ihre Bewerbung anonymisiert: Ihre Antworten, Ihr Lebenslauf, Ihre Nachrichten und die Notizen des Teams über Sie werden entfernt.",
      keep: "Wenn {{company}} Ihre Bewerbung für künftige Stellen behalten soll, nutzen Sie die Schaltfläche. Eine Anmeldung ist nicht nötig.",
      fallback: "Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse: {{url}}",
      action: "Im Talent-Pool bleiben",
      reason: "Wir senden dies einmal vor jedem Datum, an dem eine Ihrer Bewerbungen entfernt werden soll.",
    },
  },
  talentPool: {
    title: "Im Talent-Pool bleiben",
    invalid:
      "Dieser Link ist ungültig, oder die Bewerbung, für die er war, wurde bereits entfernt. Öffnen Sie den Link aus der E-Mail erneut.",
    keptHeading: "Sie sind im Talent-Pool von {{company}}",
    offerHeading: "Im Talent-Pool von {{company}} bleiben?",
    kept_one: "{{company}} behält Ihre Bewerbung ({{jobs}}) bis zum {{until}}. Wir schreiben Ihnen vorher noch einmal.",
    kept_other:
      "{{company}} behält Ihre Bewerbungen ({{jobs}}) bis zum {{until}}. Wir schreiben Ihnen vorher noch einmal.",
    due_one:
      "Am {{due}} wird Ihre Bewerbung ({{jobs}}) anonymisiert: Ihre Antworten, Ihr Lebenslauf, Ihre Nachrichten und die Notizen des Teams über Sie werden entfernt.",
    due_other:
      "Am {{due}} werden Ihre Bewerbungen ({{jobs}}) anonymisiert: Ihre Antworten, Ihr Lebenslauf, Ihre Nachrichten und die Notizen des Teams über Sie werden entfernt.",
    later_one: "Ihre Bewerbung bei {{company}} wird einige Zeit nach dem Ende der Stelle anonymisiert.",
    later_other: "Ihre Bewerbungen bei {{company}} werden einige Zeit nach dem Ende der Stelle anonymisiert.",
    staying:
      "Wenn Sie bleiben, werden sie weitere {{months}} Monate aufbewahrt, damit {{company}} Sie für künftige Stellen berücksichtigen kann.",
    keep: "Im Talent-Pool bleiben",
    saving: "Wird gespeichert…",
    nothing: "Um nichts zu tun, schließen Sie diese Seite. Ihr Hirewise-Konto ist in keinem Fall betroffen.",
  },
  digestUnsubscribe: {
    title: "Abbestellen",
    invalid:
      "Dieser Abmeldelink ist ungültig. Öffnen Sie den Link aus der E-Mail erneut oder ändern Sie Ihre E-Mails in Ihren Kontoeinstellungen.",
    doneHeading: "Sie haben abbestellt",
    askHeading: "Die wöchentliche Übersicht abbestellen?",
    done: "Wir senden Ihnen die wöchentliche Übersicht der Bewerbenden, die seit über 14 Tagen warten, nicht mehr. Ihre anderen E-Mails bleiben unverändert.",
    ask: "Wir beenden die wöchentliche E-Mail über Bewerbende, die seit über 14 Tagen auf eine Entscheidung warten. Ihre anderen E-Mails bleiben unverändert.",
    action: "Abbestellen",
    pending: "Wird abbestellt…",
    again: "Doch anders entschieden? Schalten Sie sie nach der Anmeldung in Ihren ",
    settingsLink: "Kontoeinstellungen",
    afterSignIn: " wieder ein.",
  },
  linkNotValid: {
    heading: "Link ungültig",
    back: "Zurück zu Hirewise",
  },
};
