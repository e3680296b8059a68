// Deutsch (Sie-Form): die Unterseiten von /account (löschen, exportieren, Link zur neuen Adresse) und
// „Bestätigen Sie, dass Sie es sind“, Teil von de.ts.
import type { enAccountPages, enAccountPagesMessages } from "./en-account-pages.ts";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const deAccountPages: Shape<typeof enAccountPages> = {
  accountPages: {
    back: "← Konto",
    identity: {
      password: "Ihr Passwort",
      confirmed:
        "Sie haben mit Ihrem Identitätsanbieter bestätigt, dass Sie es sind. Fahren Sie innerhalb von {{minutes}} Minuten danach fort.",
      noPassword:
        "Ihr Konto hat kein Passwort. Bestätigen Sie, dass Sie es sind, indem Sie sich erneut bei Ihrem Identitätsanbieter anmelden.",
      confirmWith: "Mit {{provider}} bestätigen",
    },
    delete: {
      title: "Konto löschen",
      intro:
        "Damit werden {{email}} und alles, was dazugehört, sofort und endgültig gelöscht. Das lässt sich nicht rückgängig machen. ",
      exportLink: "Exportieren Sie Ihre Daten",
      exportAfter: " vorher, wenn Sie eine Kopie möchten.",
      happens: "Was passiert",
      loses: {
        candidate: {
          profile: "Ihr Profil, Ihr Foto und Ihre Lebensläufe.",
          applications:
            "Ihre Bewerbungen, Antworten und Entwürfe. Arbeitgeber, die eine Bewerbung erhalten haben, sehen „Gelöschte Person“, ihren Stand und ihre eigenen Notizen, aber nichts, was Sie ihnen gegeben haben.",
          sessions: "Ihre Sitzungen, auf jedem Gerät.",
        },
        employer: {
          jobs: "Ihre Stellen werden geschlossen und verschwinden von der Stellenbörse. Bewerbende, die noch warten, erfahren es per E-Mail.",
          drafts: "Ihre Entwürfe, Ihr Firmenlogo und der Verlauf Ihrer Stellentexte.",
          sessions: "Ihre Sitzungen, auf jedem Gerät.",
        },
      },
      notDeleted: "Ihr Konto wurde nicht gelöscht. Prüfen Sie die Felder unten.",
      typeBefore: "Geben Sie ",
      typeAfter: " oder Ihre E-Mail-Adresse ein, um zu bestätigen",
      deleting: "Wird gelöscht...",
      submit: "Mein Konto löschen",
    },
    export: {
      title: "Ihre Daten exportieren",
      intro: "Laden Sie alles, was Hirewise zu Ihrem Konto ({{email}}) speichert, als eine ZIP-Datei herunter.",
      inside: "Was enthalten ist",
      files: {
        account: "Ihr Konto, Ihr Tarif, angemeldete Sitzungen (nie deren Schlüssel) und der Verlauf des Kontos.",
        candidateProfile: "Ihr Name, Ihr Foto und Ihre E-Mail-Einstellungen.",
        employerProfile: "Ihr Name, der Name Ihres Unternehmens und Ihre E-Mail-Einstellungen.",
        applications:
          "Jede Stelle, auf die Sie sich beworben haben: Ihre Antworten, Status, Statusverlauf und Bewertungen, wann jede anonymisiert wird, und Ihre nicht gesendeten Entwürfe.",
        resumes: "Jeder hochgeladene Lebenslauf, als das PDF, das Sie gesendet haben.",
        jobs: "Jede Stelle, die Sie veröffentlicht oder entworfen haben, mit ihren Fragen.",
        received:
          "Wie viele Bewerbungen jede Stelle erhalten hat, nach Status. Die Bewerbungen gehören den Bewerbenden, daher sind sie nicht enthalten.",
        emails: "Die E-Mails, die wir Ihnen gesendet haben.",
        photo: "Ihr Foto.",
        logo: "Ihr Firmenlogo.",
      },
      never:
        "Ihr Passwort, Anmeldeschlüssel und personenbezogene Daten anderer sind nie enthalten. Die JSON-Dateien lassen sich in jedem Texteditor öffnen.",
      download: "Meine Daten herunterladen",
      leave: "Möchten Sie lieber gehen?",
      deleteLink: "Konto löschen",
      keptHeading: "Wie lange Unternehmen Ihre Bewerbungen aufbewahren",
      kept: "Wenn Sie nicht eingestellt werden, bewahrt ein Unternehmen Ihre Bewerbung 6, 12 oder 24 Monate nach dem Ende der Stelle auf (es wählt; 12, wenn es nichts geändert hat). 30 Tage vorher senden wir Ihnen einen Link, um für einen weiteren Zeitraum im Talent-Pool zu bleiben. Dann werden Ihre Antworten, Ihr Lebenslauf, Ihre Nachrichten sowie die Notizen und Bewertungen des Teams entfernt; das Unternehmen behält nur, dass eine Bewerbung jede Stufe erreicht hat, ohne Ihren Namen. Ihr Konto und Ihre Lebenslauf-Sammlung bleiben, bis Sie sie löschen.",
    },
    emailLink: {
      title: "Neue E-Mail-Adresse bestätigen",
      unusable: "Dieser Link kann nicht verwendet werden",
      ready:
        "Ihr Konto verwendet dann <strong>{{email}}</strong> statt <span>{{current}}</span>. Wir informieren Ihre bisherige Adresse über die Änderung.",
      confirming: "Wird bestätigt...",
      confirm: "Neue Adresse bestätigen",
      notNow: "Nicht jetzt",
      taken:
        "Ein anderes Konto verwendet <strong>{{email}}</strong>, seit wir diesen Link gesendet haben, daher bleibt Ihre Adresse, wie sie war. Wählen Sie auf Ihrer Kontoseite eine andere Adresse.",
      invalid:
        "Dieser Bestätigungslink ist abgelaufen, wurde bereits verwendet oder durch einen neueren ersetzt. Ihre E-Mail-Adresse hat sich nicht geändert.",
      toAccount: "Zu Ihrem Konto",
    },
  },
};

export const deAccountPagesMessages: Shape<typeof enAccountPagesMessages> = {
  typeToConfirm: "Geben Sie {{word}} oder Ihre E-Mail-Adresse ein, um zu bestätigen.",
  emailChanged:
    "Ihre E-Mail-Adresse ist jetzt {{email}}. Wir haben Ihre bisherige Adresse über die Änderung informiert.",
};
