// Deutsch: die Texte der Bewerbungs-E-Mails (modules/applications/emails.ts), Teil von de.ts.
import type { Catalogue } from "./en.ts";

export const deEmails: Pick<Catalogue, "mail"> = {
  mail: {
    settingsFooter: "{{text}} Sie können diese E-Mails in Ihren ",
    settingsLink: "Kontoeinstellungen abbestellen",
    defaultReason: "Sie erhalten diese E-Mail wegen Ihres Hirewise-Kontos.",
    someCandidate: "Eine Bewerberin oder ein Bewerber",
    newApplication: {
      subject: "Neue Bewerbung für {{job}}",
      preview: "{{candidate}} hat sich auf {{job}} beworben.",
      heading: "Sie haben eine neue Bewerbung",
      applied: "{{candidate}} hat sich am {{date}} auf {{job}} beworben.",
      waiting: "Die Antworten und der Lebenslauf warten auf Ihre Durchsicht.",
      action: "Bewerbung ansehen",
      settings: "Sie möchten nicht zu jeder Bewerbung eine E-Mail?",
    },
    confirmation: {
      subject: "Wir haben Ihre Bewerbung an {{company}} gesendet",
      preview: "Ihre Bewerbung für {{job}} bei {{company}} wurde am {{date}} gesendet.",
      sent: "Ihre Bewerbung für {{job}} wurde am {{date}} gesendet, mit Ihren Antworten und Ihrem Lebenslauf.",
      next: "{{company}} liest sie auf Hirewise. Sobald Ihre Bewerbung weiterkommt oder abgelehnt wird, schreiben wir Ihnen. Sie können jederzeit nachlesen, was Sie gesendet haben, den Stand verfolgen oder die Bewerbung zurückziehen, bis entschieden ist.",
      action: "Ihre Bewerbung ansehen",
    },
    candidateSettings: "Sie möchten keine E-Mails zu Ihren Bewerbungen?",
    viewApplications: "Ihre Bewerbungen ansehen",
    status: {
      preview: "{{heading}}: {{job}} bei {{company}}.",
      quote: "Eine Nachricht von {{company}}:",
      shortlisted: {
        heading: "Glückwunsch! Sie sind in der engeren Auswahl",
        subject: "Glückwunsch! Sie sind in der engeren Auswahl für {{job}}",
        body: "{{company}} hat Ihre Bewerbung für {{job}} in die engere Auswahl genommen.",
        next: "Man meldet sich vielleicht bald wegen der nächsten Schritte bei Ihnen. Viel Erfolg!",
      },
      interview: {
        heading: "Sie sind zum Vorstellungsgespräch eingeladen",
        subject: "Einladung zum Vorstellungsgespräch für {{job}}",
        body: "{{company}} möchte Sie für {{job}} zu einem Vorstellungsgespräch einladen.",
        next: "Man meldet sich bei Ihnen, um einen Termin zu vereinbaren. Viel Erfolg!",
      },
      offer: {
        heading: "Sie haben ein Angebot",
        subject: "Sie haben ein Angebot für {{job}}",
        body: "{{company}} macht Ihnen ein Angebot für {{job}}.",
        next: "Die Einzelheiten erfahren Sie direkt vom Unternehmen.",
      },
      hired: {
        heading: "Sie sind eingestellt. Herzlichen Glückwunsch!",
        subject: "Sie sind eingestellt für {{job}}",
        body: "{{company}} hat Sie für {{job}} als eingestellt markiert. Herzlichen Glückwunsch zur neuen Stelle!",
      },
      rejected: {
        heading: "Für diese Stelle nicht ausgewählt",
        subject: "Neuigkeiten zu Ihrer Bewerbung für {{job}}",
        body: "{{company}} hat entschieden, Ihre Bewerbung für {{job}} nicht weiterzuverfolgen.",
        next: "Danke für Ihre Bewerbung. Auf Hirewise gibt es viele weitere Stellen, und die richtige ist vielleicht die nächste.",
      },
    },
    closed: {
      subject: "{{job}} ist geschlossen",
      preview: "{{company}} hat {{job}} geschlossen: Ihre Bewerbung wird nicht mehr geprüft.",
      heading: "Diese Stelle ist geschlossen",
      closed: "{{company}} hat {{job}} geschlossen und prüft keine Bewerbungen mehr, daher geht Ihre nicht weiter.",
      companyLeft:
        "{{company}} nutzt Hirewise nicht mehr, daher ist {{job}} geschlossen und Ihre Bewerbung wird nicht geprüft.",
      kept: "Ihre Bewerbung bleibt für Ihre Unterlagen unter „Meine Bewerbungen“. Auf Hirewise gibt es viele weitere Stellen, und die richtige ist vielleicht die nächste.",
    },
    message: {
      subjectFromCompany: "Eine Nachricht von {{company}} zu {{job}}",
      subjectFromCandidate: "{{author}} hat zu {{job}} geschrieben",
      fromAt: "{{author}} von {{company}}",
      aboutYours: "Ihre Bewerbung für {{job}}",
      aboutTheirs: "die Bewerbung für {{job}}",
      preview: "{{from}} hat zu {{about}} geschrieben.",
      heading: "Sie haben eine neue Nachricht",
      body: "{{from}} hat zu {{about}} geschrieben. Antworten Sie auf Hirewise: Ihre Antwort landet im selben Verlauf.",
      quote: "{{author}} schreibt:",
      action: "Lesen und antworten",
      settings: "Sie möchten keine E-Mails zu Bewerbungen?",
    },
    held: {
      reason: "Sie erhalten diese E-Mail, weil diese Adresse bei einer Bewerbung auf Hirewise angegeben wurde.",
      linkWorks:
        "Der Link funktioniert einmal, {{days}} Tage lang. Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse: {{url}}",
      confirm: {
        subject: "Bestätigen Sie Ihre Bewerbung: {{job}}",
        preview: "Ein Klick sendet Ihre Bewerbung an {{company}}.",
        heading: "Bestätigen Sie Ihre Bewerbung",
        body: "Sie haben sich auf Hirewise auf {{job}} bei {{company}} beworben. Bestätigen Sie Ihre E-Mail-Adresse, um die Bewerbung zu senden: Die Schaltfläche legt Ihr Konto als Jobsuchende(r) an und sendet Ihre Antworten und Ihren Lebenslauf an {{company}}. Bis dahin sieht das Unternehmen nichts.",
        ignore:
          "Falls Sie sich nicht beworben haben, ignorieren Sie diese E-Mail: Die Bewerbung und ihr Lebenslauf werden danach gelöscht.",
        action: "Bestätigen und Bewerbung senden",
      },
      signIn: {
        subject: "Melden Sie sich an, um Ihre Bewerbung zu senden: {{job}}",
        preview:
          "Zu dieser Adresse gibt es ein Hirewise-Konto: Melden Sie sich an, und Ihre Antworten werden gesendet.",
        heading: "Melden Sie sich an, um Ihre Bewerbung zu senden",
        body: "Jemand (hoffentlich Sie) hat sich mit dieser Adresse auf {{job}} bei {{company}} beworben. Zu dieser Adresse gibt es bereits ein Hirewise-Konto. Öffnen Sie den Link und melden Sie sich an: Die Antworten und der Lebenslauf werden dann von Ihrem Konto gesendet.",
        ignore:
          "Falls Sie sich nicht beworben haben, ignorieren Sie diese E-Mail: Es wird nichts gesendet und die Antworten werden gelöscht.",
        action: "Anmelden und senden",
      },
      applied: {
        subject: "Sie haben sich bereits beworben: {{job}}",
        preview: "Die Bewerbung Ihres Kontos finden Sie unter „Meine Bewerbungen“.",
        heading: "Sie haben sich bereits beworben",
        body: "Jemand (hoffentlich Sie) hat sich mit dieser Adresse auf {{job}} bei {{company}} beworben. Ihr Konto hat sich bereits auf diese Stelle beworben, daher wurde nichts Neues gesendet: Verfolgen Sie diese Bewerbung unter „Meine Bewerbungen“.",
        action: "Meine Bewerbungen",
      },
    },
  },
};
