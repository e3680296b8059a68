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
  },
};

export const deAccessMessages: Shape<typeof enAccessMessages> = {
  passwordChangedSignIn: "Ihr Passwort ist geändert. Melden Sie sich mit Ihrem neuen Passwort an.",
  emailConfirmedSignIn: "Ihre E-Mail-Adresse ist bestätigt. Melden Sie sich an, um fortzufahren.",
};
