// Deutsch: the apply wizards' words, the confirm page and the notices after sending, part of de.ts.
// The EEO section translates the US forms faithfully; every answer stays voluntary.
import type { enApply, enApplyMessages } from "./en-apply.ts";

export const deApply: typeof enApply = {
  apply: {
    title: "Bewerbung: {{title}} · Hirewise",
    jobFallback: "Stelle",
    backToJob: "← Zurück zur Stelle",
    heading: "Bewerbung: {{title}}",
    steps: { questions: "Fragen", resume: "Lebenslauf", review: "Überprüfen" },
    submit: "Bewerbung absenden",
    send: "Bewerbung senden",
    submitting: "Wird gesendet …",
    discard: "Verwerfen",
    discarding: "Wird verworfen …",
    saving: "Wird gespeichert …",
    continueToSite: "Speichern und weiter zur Website von {{company}}",
    opensInNewTab: "(öffnet in einem neuen Tab)",
    externalNote:
      "Beantworten Sie die Fragen hier und fügen Sie Ihren Lebenslauf hinzu; am Ende öffnen wir die Bewerbungsseite des Unternehmens.",
    preparingTitle: "Angaben zur Stelle werden geladen …",
    preparingText: "Ihr Bewerbungsformular wird mit KI-erstellten Fragen vorbereitet",
    guestAllowance:
      "Zum Start brauchen Sie kein Konto: Am Ende geben Sie Ihren Namen und Ihre E-Mail-Adresse an, und der Link, den wir Ihnen schicken, sendet die Bewerbung ab.",
    questions: {
      heading: "Vorauswahlfragen",
      none: "Für diese Stelle gibt es keine Vorauswahlfragen. Klicken Sie auf Weiter, um Ihren Lebenslauf hinzuzufügen.",
      intro_one:
        "Bitte beantworten Sie die folgende Frage, damit wir einschätzen können, wie gut Sie zu dieser Stelle passen.",
      intro_other:
        "Bitte beantworten Sie die folgenden {{count}} Fragen, damit wir einschätzen können, wie gut Sie zu dieser Stelle passen.",
      required: " (Pflichtfrage)",
      answerTo: "Antwort auf Frage {{n}}",
      ratingFor: "Bewertung für Frage {{n}}, 1 ist Schwach und 5 ist Ausgezeichnet",
      ratings: { poor: "Schwach", fair: "Ausreichend", good: "Gut", veryGood: "Sehr gut", excellent: "Ausgezeichnet" },
      categories: {
        "technical-deep": "Fachwissen",
        "practical-experience": "Praxiserfahrung",
        "system-design": "Planung und Entwurf",
        "code-quality": "Arbeitsqualität",
        troubleshooting: "Problemlösung",
        custom: "Über Sie",
      },
    },
    discardPanel: {
      heading: "Diese Bewerbung verwerfen?",
      guest: "Ihre Antworten und Ihr Lebenslauf werden gelöscht.",
      candidate: "Ihre Antworten werden gelöscht. Hochgeladene Lebensläufe bleiben in Ihrer Sammlung.",
      confirm: "Bewerbung verwerfen",
      keep: "Weiter bearbeiten",
    },
    resume: {
      heading: "Lebenslauf hochladen",
      optional: "(freiwillig, aber empfohlen)",
      remove: "Entfernen",
      removing: "Wird entfernt …",
      uploadDifferent: "Anderen Lebenslauf hochladen",
      yours: "Ihr Lebenslauf (PDF)",
      hint: "Nur PDF-Dateien, höchstens {{mb}} MB",
      afterError: "Wählen Sie eine andere Datei oder klicken Sie auf Weiter, um ohne Lebenslauf fortzufahren.",
      upload: "Hochladen",
      uploading: "Wird hochgeladen …",
      previous: "Oder einen früher hochgeladenen Lebenslauf verwenden",
      isDefault: " · Standard",
      use: "Diesen Lebenslauf verwenden",
      choosing: "Wird ausgewählt …",
    },
    review: {
      heading: "Bewerbung überprüfen",
      job: "Stelle",
      jobAt: "{{title}} bei {{company}}",
      questions: "Vorauswahlfragen",
      completed: "{{answered}} von {{total}} Fragen beantwortet",
      resume: "Lebenslauf",
      noResume: "Kein Lebenslauf hochgeladen",
      nextHeading: "So geht es weiter",
      externalSite:
        "{{company}} nimmt Bewerbungen auf der eigenen Website entgegen, nicht auf Hirewise. Wir speichern, was Sie hier vorbereitet haben, und öffnen die Bewerbungsseite in einem neuen Tab: Übernehmen Sie dort Ihre Antworten und laden Sie Ihren Lebenslauf hoch.",
      externalList:
        "Unter „Meine Bewerbungen“ steht sie als „Auf der Unternehmenswebsite beworben“ mit dem Link; {{company}} antwortet Ihnen direkt, nicht über Hirewise.",
      seesGuest:
        "{{company}} sieht Ihre Antworten und Ihren Lebenslauf auf Hirewise, sobald Sie den Link öffnen, den wir Ihnen per E-Mail schicken.",
      seesCandidate: "{{company}} sieht Ihre Antworten und Ihren Lebenslauf auf Hirewise, sobald Sie absenden.",
      ai: "KI hilft dem Recruiting-Team beim Lesen der Bewerbungen, indem sie zusammenfasst, wie gut Ihre Antworten und Ihr Lebenslauf zur Stelle passen. Alle Entscheidungen treffen Menschen.",
      emails:
        "Wir senden Ihnen eine Bestätigung per E-Mail und melden uns wieder, wenn Sie in die engere Wahl kommen oder das Unternehmen sich gegen Sie entscheidet (außer Sie haben E-Mails zu Bewerbungen in Ihrem Konto abgeschaltet). Unter „Meine Bewerbungen“ können Sie den Stand verfolgen, Ihre Angaben nachlesen oder die Bewerbung zurückziehen, bis eine Entscheidung gefallen ist.",
    },
    guest: {
      details: "Ihre Angaben",
      detailsIntro:
        "Wir schicken Ihnen einen Link, um Ihre E-Mail-Adresse zu bestätigen; wenn Sie ihn öffnen, wird die Bewerbung gesendet und Ihr Konto für die Jobsuche angelegt (ein Passwort können Sie dort oder später festlegen).",
      fullName: "Vollständiger Name",
      email: "E-Mail-Adresse",
      heldHeading: "Bitte sehen Sie in Ihr Postfach",
      held: "Ihre Bewerbung wartet auf Ihre Bestätigung: Öffnen Sie den Link, den wir an <strong>{{email}}</strong> geschickt haben.",
      heldNote:
        "Der Link legt Ihr Konto für die Jobsuche an und sendet Ihre Antworten und Ihren Lebenslauf. Vorher erhält der Arbeitgeber nichts. Der Link ist 7 Tage lang gültig.",
      accountChoice:
        "Sie brauchen kein Konto: Wir schicken Ihnen einen Link zur Bestätigung. Sie haben schon eines? <signIn>Melden Sie sich an</signIn>, um sich damit zu bewerben, oder <signUp>erstellen Sie zuerst ein Konto</signUp>.",
    },
    feedback: {
      offer:
        "Möchten Sie vor dem Absenden Tipps zu Ihren Antworten? KI-Feedback zu Ihren Antworten gibt es im <plan>Professional-Tarif</plan>.",
      heading: "KI-Feedback zu Ihren Antworten",
      intro:
        "Nur Hinweise: Um eine Antwort zu ändern, gehen Sie zurück zu den Fragen. Nichts hiervon wird an den Arbeitgeber gesendet.",
      works: "Was gut ist",
      add: "Was Sie ergänzen können",
      fine: "Nichts zu ergänzen: Diese Antwort liest sich gut.",
    },
    eeo: {
      heading: "Freiwillige Selbstauskunft",
      optional: "(freiwillig)",
      intro:
        "Arbeitgeber in den USA werden von der Regierung aufgefordert, Bewerberinnen und Bewerber um eine freiwillige Selbstauskunft zu bitten, damit sie über Fairness bei Einstellungen berichten und sie verbessern können. Die Angaben sind völlig freiwillig: Sie können jede Frage überspringen oder „Ich möchte keine Angabe machen“ wählen, und eine Ablehnung hat keinerlei Einfluss auf Ihre Bewerbung.",
      unseen: "Die Personen, die Ihre Bewerbung prüfen, sehen diese Angaben nie.",
      apart:
        "Sie werden getrennt von Ihrer Bewerbung aufbewahrt; die Inhaber des Unternehmens sehen nur Zahlen ab fünf Bewerbenden, nie die Angaben einer einzelnen Person.",
      questions: {
        gender: "Geschlecht",
        raceEthnicity: "Ethnische Zugehörigkeit",
        veteranStatus: "Veteranenstatus",
        disabilityStatus: "Behinderung",
      },
      options: {
        gender: { male: "Männlich", female: "Weiblich", declined: "Ich möchte keine Angabe machen" },
        raceEthnicity: {
          hispanic_latino: "Hispanisch oder lateinamerikanisch",
          white: "Weiß (nicht hispanisch oder lateinamerikanisch)",
          black: "Schwarz oder afroamerikanisch (nicht hispanisch oder lateinamerikanisch)",
          native_hawaiian_pacific_islander:
            "Indigen hawaiianisch oder von anderen pazifischen Inseln (nicht hispanisch oder lateinamerikanisch)",
          asian: "Asiatisch (nicht hispanisch oder lateinamerikanisch)",
          american_indian_alaska_native:
            "Indigen amerikanisch oder indigen aus Alaska (nicht hispanisch oder lateinamerikanisch)",
          two_or_more: "Zwei oder mehr Gruppen (nicht hispanisch oder lateinamerikanisch)",
          declined: "Ich möchte keine Angabe machen",
        },
        veteranStatus: {
          protected: "Ich gehöre einer oder mehreren der Gruppen geschützter Veteranen an",
          not_protected: "Ich gehöre nicht zu den geschützten Veteranen",
          declined: "Ich möchte keine Angabe machen",
        },
        disabilityStatus: {
          yes: "Ja, ich habe eine Behinderung (oder hatte früher eine)",
          no: "Nein, ich habe keine Behinderung und hatte auch früher keine",
          declined: "Ich möchte keine Angabe machen",
        },
      },
      descriptions: {
        raceEthnicity: {
          hispanic_latino:
            "Eine Person kubanischer, mexikanischer, puerto-ricanischer, süd- oder mittelamerikanischer oder anderer spanischer Kultur oder Herkunft, unabhängig von der Abstammung.",
          white:
            "Eine Person mit Wurzeln in einem der ursprünglichen Völker Europas, des Nahen Ostens oder Nordafrikas.",
          black: "Eine Person mit Wurzeln in einer der schwarzen Bevölkerungsgruppen Afrikas.",
          native_hawaiian_pacific_islander:
            "Eine Person mit Wurzeln in einem der Völker Hawaiis, Guams, Samoas oder anderer pazifischer Inseln.",
          asian:
            "Eine Person mit Wurzeln in einem der ursprünglichen Völker Ostasiens, Südostasiens oder des indischen Subkontinents, zum Beispiel aus Kambodscha, China, Indien, Japan, Korea, Malaysia, Pakistan, den Philippinen, Thailand und Vietnam.",
          american_indian_alaska_native:
            "Eine Person mit Wurzeln in einem der ursprünglichen Völker Nord- und Südamerikas (einschließlich Mittelamerikas), die einer Stammesgemeinschaft angehört oder mit ihr verbunden ist.",
          two_or_more: "Alle Personen, die sich mehr als einer der fünf oben genannten Gruppen zugehörig fühlen.",
        },
      },
      veteranWho: "Wer als geschützter Veteran gilt",
      veteranClasses: {
        disabled:
          "Veteran mit Behinderung: ein Veteran der US-Streitkräfte, der Anspruch auf Entschädigung für eine im Dienst erlittene Behinderung hat oder wegen einer im Dienst erlittenen Behinderung aus dem aktiven Dienst entlassen wurde.",
        recent:
          "Kürzlich ausgeschiedener Veteran: ein Veteran in den drei Jahren ab dem Tag seiner Entlassung aus dem aktiven Dienst der US-Streitkräfte.",
        wartime:
          "Veteran aus Kriegszeiten oder mit Feldzugsabzeichen: ein Veteran, der während eines Krieges oder in einem Feldzug oder Einsatz, für den ein Feldzugsabzeichen verliehen wurde, im aktiven Dienst der US-Streitkräfte stand.",
        medal:
          "Veteran mit Armed Forces Service Medal: ein Veteran, der im aktiven Dienst der US-Streitkräfte an einer militärischen Operation der Vereinigten Staaten teilgenommen hat, für die eine Armed Forces Service Medal verliehen wurde.",
      },
    },
    errors: {
      notFound: "Die Stelle, auf die Sie sich bewerben möchten, wurde nicht gefunden.",
      checkAnswers: "Bitte prüfen Sie die unten markierten Antworten.",
      answerOne: "Bitte beantworten Sie die unten markierte Frage, um fortzufahren.",
      answerMany: "Bitte beantworten Sie die {{n}} unten markierten Fragen, um fortzufahren.",
      answerBeforeSending: "Bitte beantworten Sie vor dem Senden alle Fragen.",
      chooseFile: "Wählen Sie eine PDF-Datei zum Hochladen aus.",
      submitFailed: "Die Bewerbung konnte nicht gesendet werden. Bitte versuchen Sie es erneut.",
    },
    confirm: {
      title: "Bewerbung bestätigen · Hirewise",
      heading: "Bewerbung bestätigen",
      intro:
        "Ihre Bewerbung als <strong>{{title}}</strong> bei {{company}} wartet. {{company}} erhält nichts, bevor Sie bestätigen.",
      signInHeading: "Melden Sie sich an, um Ihre Bewerbung zu senden",
      hasAccount:
        "Zu {{email}} gibt es ein Hirewise-Konto. Melden Sie sich damit an, dann werden Ihre Antworten und Ihr Lebenslauf von dort gesendet.",
      signIn: "Anmelden",
      forgot: "Passwort vergessen?",
      fromAccount: "Die Bewerbung wird von Ihrem Konto gesendet.",
      makesAccount:
        "Mit der Bestätigung legen wir Ihr Konto für die Jobsuche für {{email}} an, melden Sie an und senden die Bewerbung.",
      password: "Passwort (freiwillig)",
      passwordHint:
        "Mindestens {{n}} Zeichen. Oder lassen Sie das Feld leer und legen Sie später über „Passwort vergessen?“ eines fest.",
      sending: "Wird gesendet …",
      button: "Bestätigen und Bewerbung senden",
      deadTitle: "Dieser Link ist abgelaufen oder wurde schon verwendet",
      deadBody:
        "Links aus unseren E-Mails funktionieren nur einmal und nur eine Zeit lang. Fordern Sie einen neuen an:",
      again: "Stelle suchen und erneut bewerben",
    },
    sent: {
      submitted:
        "Ihre Bewerbung wurde gesendet! Öffnen Sie sie unten, um Ihre Angaben nachzulesen, den Stand zu verfolgen oder sie zurückzuziehen.",
      continuedTitle: "Gespeichert. Schließen Sie Ihre Bewerbung auf der Website von {{company}} ab.",
      continuedText:
        "Übernehmen Sie dort Ihre Antworten von unten und laden Sie Ihren Lebenslauf hoch. {{company}} antwortet Ihnen direkt, nicht über Hirewise.",
      continueTo: "Weiter zur Website von {{company}}",
    },
  },
};

export const deApplyMessages: typeof enApplyMessages = {
  applyAnswerQuestion: "Bitte beantworten Sie diese Frage.",
  applyAnswerTooLong: "Bitte halten Sie Ihre Antwort unter {{n}} Zeichen.",
  applyChooseOption: "Bitte wählen Sie eine der Möglichkeiten.",
  applyChooseRating: "Bitte wählen Sie eine Bewertung von 1 bis 5.",
  applyAnswerEvery: "Bitte beantworten Sie vor dem Absenden alle Fragen.",
  applyCheckFields: "Bitte prüfen Sie die unten markierten Felder.",
  applyPreparing: "Ihr Bewerbungsformular wird noch vorbereitet. Bitte warten Sie einen Moment.",
  applyReload: "Bitte laden Sie die Seite neu und versuchen Sie es erneut.",
  applyHeldTo: "Ihre Bewerbung wartet auf Ihre Bestätigung: Öffnen Sie den Link, den wir an {{email}} geschickt haben.",
  applyHeld: "Ihre Bewerbung wartet auf Ihre Bestätigung: Öffnen Sie den Link, den wir Ihnen geschickt haben.",
  applyJobNotFound: "Die Stelle, auf die Sie sich bewerben möchten, wurde nicht gefunden.",
  applyResumeNotFound: "Dieser Lebenslauf wurde nicht gefunden. Bitte laden Sie ihn erneut hoch.",
  applyLibraryFull:
    "Ihre Sammlung fasst bis zu {{n}} Lebensläufe. Löschen Sie unter „Meine Lebensläufe“ einen, den Sie nicht mehr brauchen, und laden Sie dann erneut hoch.",
  applyUnverified:
    "Bestätigen Sie Ihre E-Mail-Adresse, bevor Sie eine Bewerbung senden. Öffnen Sie den Link, den wir an {{email}} geschickt haben, oder klicken Sie oben auf der Seite auf „Erneut senden“, um einen neuen zu erhalten.",
  pdfNotPdf: "Bitte laden Sie eine PDF-Datei hoch",
  pdfEncrypted: "Dieses PDF ist passwortgeschützt. Bitte laden Sie ein PDF ohne Passwort hoch.",
  fileTooLarge: "Die Datei ist zu groß. Erlaubt sind höchstens {{n}} MB.",
  uploadIncomplete: "Die Datei ist nicht vollständig angekommen. Bitte versuchen Sie es erneut.",
  uploadFailed: "Wir konnten Ihre Datei gerade nicht annehmen. Bitte versuchen Sie es in einigen Minuten erneut.",
  uploadOneFile: "Bitte laden Sie eine einzige Datei hoch.",
  formUnstorable: "Das Formular enthielt Zeichen, die wir nicht speichern können. Bitte versuchen Sie es erneut.",
  planNoMore: "Ihr Tarif erlaubt keine weiteren Bewerbungen.",
  planCandidatesOnly: "Nur Konten für die Jobsuche können sich auf Stellen bewerben.",
  planTrialEnded:
    "Ihre kostenlose Testphase ist am {{date}} abgelaufen. Wechseln Sie zu einem Tarif, um sich weiter auf Stellen zu bewerben.",
  planTrialIncludesOne:
    "Ihre kostenlose Testphase umfasst {{n}} Bewerbung. Wechseln Sie zu einem höheren Tarif, um sich auf weitere Stellen zu bewerben.",
  planTrialIncludes:
    "Ihre kostenlose Testphase umfasst {{n}} Bewerbungen. Wechseln Sie zu einem höheren Tarif, um sich auf weitere Stellen zu bewerben.",
  planIncludesOne:
    "Ihr Tarif {{plan}} umfasst {{n}} Bewerbung. Wechseln Sie zu einem höheren Tarif, um sich auf weitere Stellen zu bewerben.",
  planIncludes:
    "Ihr Tarif {{plan}} umfasst {{n}} Bewerbungen. Wechseln Sie zu einem höheren Tarif, um sich auf weitere Stellen zu bewerben.",
  planJobFull: "Diese Stelle nimmt gerade keine weiteren Bewerbungen an. Bitte versuchen Sie es später erneut.",
  allowanceTrialOne: "Noch {{n}} von {{limit}} Bewerbungen in Ihrer kostenlosen Testphase.",
  allowanceTrial: "Noch {{n}} von {{limit}} Bewerbungen in Ihrer kostenlosen Testphase.",
  allowancePlanOne: "Noch {{n}} von {{limit}} Bewerbungen in Ihrem Tarif {{plan}}.",
  allowancePlan: "Noch {{n}} von {{limit}} Bewerbungen in Ihrem Tarif {{plan}}.",
  allowanceUnlimited: "Ihr Tarif {{plan}} hat keine Begrenzung der Bewerbungen.",
};
