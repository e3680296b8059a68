// Deutsch (Sie-Form): die Seiten rund um die Anmeldung (Passwort vergessen und neu setzen, Adresse
// bestätigen, ein abgelaufener Link), Teil von de.ts.
import type { enAccess, enAccessMessages } from "./en-access.ts";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const deAccess: Shape<typeof enAccess> = {
  access: {
    deadLink: {
      title: "Dieser Link ist abgelaufen oder wurde bereits verwendet",
      body: "Links aus unseren E-Mails funktionieren einmal und nur eine Zeit lang. Fordern Sie einen neuen an:",
      newLink: "Neuen Link senden",
      signInForLink: "Anmelden, um einen neuen Link zu erhalten",
    },
    forgot: {
      title: "Passwort zurücksetzen",
      description: "Erhalten Sie einen Link, um ein neues Hirewise-Passwort zu wählen.",
      sentTitle: "Sehen Sie in Ihr E-Mail-Postfach",
      sent: "Falls es ein Konto mit dieser Adresse gibt, haben wir einen Link gesendet.",
      sentBody:
        "Mit dem Link wählen Sie ein neues Passwort. Er funktioniert einmal, {{minutes}} Minuten lang. Wenn in einigen Minuten nichts ankommt, sehen Sie im Spam-Ordner nach oder fordern Sie erneut einen an.",
      backToSignIn: "Zurück zur Anmeldung",
      another: "Weiteren Link senden",
      heading: "Passwort vergessen?",
      intro:
        "Geben Sie die E-Mail-Adresse Ihres Kontos ein, und wir senden Ihnen einen Link, um ein neues Passwort zu wählen.",
      email: "E-Mail",
      sending: "Wird gesendet...",
      send: "Link zum Zurücksetzen senden",
      remembered: "Doch wieder eingefallen?",
      signIn: "Anmelden",
    },
    reset: {
      title: "Neues Passwort wählen",
      intro: "Für {{email}}. Jedes bei diesem Konto angemeldete Gerät wird abgemeldet.",
      password: "Neues Passwort",
      hint: "Mindestens {{count}} Zeichen und kein gängiges Passwort.",
      saving: "Wird gespeichert...",
      save: "Neues Passwort festlegen",
    },
    verify: {
      title: "E-Mail-Adresse bestätigen",
      confirmedTitle: "Ihre E-Mail-Adresse ist bestätigt",
      confirmed:
        "Sie haben <strong>{{email}}</strong> bestätigt. Sie können Stellen veröffentlichen und Bewerbungen senden.",
      sentNew: "Wir haben einen neuen Link an {{email}} gesendet.",
      open: "Öffnen Sie den Link, den wir an <strong>{{email}}</strong> gesendet haben, um sie zu bestätigen. Links funktionieren {{hours}} Stunden lang. Bis dahin können Sie keine Stellen veröffentlichen und keine Bewerbungen senden.",
      sending: "Wird gesendet...",
      resend: "Link erneut senden",
      back: "Zurück zur vorherigen Seite",
      confirmThat:
        "Bestätigen Sie, dass <strong>{{email}}</strong> Ihre Adresse ist. Dann können Sie Stellen veröffentlichen und Bewerbungen senden.",
      confirming: "Wird bestätigt...",
      confirm: "Meine E-Mail-Adresse bestätigen",
    },
    twoFactor: {
      title: "Zwei-Faktor-Anmeldung",
      recoveryIntro:
        "Geben Sie einen der Wiederherstellungscodes ein, die Sie beim Einschalten der Zwei-Faktor-Anmeldung gespeichert haben. Jeder Code funktioniert einmal.",
      codeIntro: "Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.",
      recoveryLabel: "Wiederherstellungscode",
      codeLabel: "Bestätigungscode",
      recoveryHint: "Etwa abcde-23456.",
      checking: "Wird geprüft...",
      verify: "Bestätigen",
      useApp: "Einen Code aus der Authenticator-App verwenden",
      useRecovery: "Stattdessen einen Wiederherstellungscode verwenden",
      cancel: "Abbrechen und zurück zur Anmeldung",
      triesLeft_one: "Noch {{count}} Versuch, bevor Sie sich erneut anmelden müssen.",
      triesLeft_other: "Noch {{count}} Versuche, bevor Sie sich erneut anmelden müssen.",
    },
    onboarding: {
      title: "Konto fertig einrichten",
      expiredTitle: "Registrierung abgelaufen",
      heading: "Noch ein Schritt",
      intro:
        "Sie haben sich mit {{provider}} als <strong>{{email}}</strong> angemeldet. Sagen Sie uns, wie Sie Hirewise nutzen werden.",
      fullName: "Vollständiger Name",
      fullNameHint: "Für Arbeitgeber und in Ihrem Menü sichtbar.",
      companyName: "Name des Unternehmens",
      accept:
        "Ich bin einverstanden, dass Hirewise meinen Namen und meine E-Mail-Adresse von {{provider}} speichert, um mein Konto zu führen.",
      creating: "Konto wird erstellt...",
      create: "Konto erstellen",
    },
  },
};

export const deAccessMessages: Shape<typeof enAccessMessages> = {
  signUpExpired:
    "Diese Registrierung ist abgelaufen oder wurde in einem anderen Browser begonnen. Fahren Sie erneut mit Ihrem Anbieter fort, um neu zu beginnen.",
  codeCharacters: "Geben Sie den Code nur mit Ziffern und Buchstaben ein.",
  enterCode: "Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.",
  wrongCode: "Dieser Code stimmt nicht. Prüfen Sie die Uhrzeit Ihres Telefons und geben Sie den neuesten Code ein.",
  usedCode: "Dieser Code wurde bereits verwendet. Warten Sie auf den nächsten Code in Ihrer App.",
  enterRecoveryCode: "Geben Sie einen Ihrer Wiederherstellungscodes ein, etwa abcde-23456.",
  wrongRecoveryCode: "Dieser Wiederherstellungscode stimmt nicht oder wurde bereits verwendet.",
  lockedOneMinute: "Zu viele falsche Codes für dieses Konto. Versuchen Sie es in 1 Minute erneut.",
  lockedMinutes: "Zu viele falsche Codes für dieses Konto. Versuchen Sie es in {{minutes}} Minuten erneut.",
  passwordChangedSignIn: "Ihr Passwort ist geändert. Melden Sie sich mit Ihrem neuen Passwort an.",
  emailConfirmedSignIn: "Ihre E-Mail-Adresse ist bestätigt. Melden Sie sich an, um fortzufahren.",
};
