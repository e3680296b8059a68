// English (US): the apply wizards' words (the candidate's and the visitor's), the visitor's confirm
// page and the notices right after sending, part of en.ts. The EEO words are the module's
// (modules/applications/eeo-vocabulary.ts, the US forms' wording): apply-eeo.test.ts keeps them equal.
export const enApply = {
  apply: {
    title: "Apply: {{title}} · Hirewise",
    jobFallback: "Job",
    backToJob: "← Back to job",
    heading: "Apply: {{title}}",
    steps: { questions: "Questions", resume: "Resume", review: "Review" },
    submit: "Submit Application",
    send: "Send Application",
    submitting: "Submitting...",
    discard: "Discard",
    discarding: "Discarding...",
    saving: "Saving...",
    continueToSite: "Save and continue to {{company}}'s site",
    opensInNewTab: "(opens in a new tab)",
    externalNote: "Answer here and add your resume; at the end we open their application page.",
    preparingTitle: "Loading job details...",
    preparingText: "Preparing your application form with AI-generated questions",
    guestAllowance:
      "No account needed to start: at the end you give your name and email, and the link we email you sends the application.",
    questions: {
      heading: "Screening Questions",
      none: "This job has no screening questions. Press Next to add your resume.",
      intro_one: "Please answer the following {{count}} questions to help us assess your fit for this role.",
      intro_other: "Please answer the following {{count}} questions to help us assess your fit for this role.",
      required: " (required)",
      answerTo: "Answer to question {{n}}",
      ratingFor: "Rating for question {{n}}, 1 is Poor and 5 is Excellent",
      ratings: { poor: "Poor", fair: "Fair", good: "Good", veryGood: "Very good", excellent: "Excellent" },
      categories: {
        "technical-deep": "Depth of knowledge",
        "practical-experience": "Hands-on experience",
        "system-design": "Planning and design",
        "code-quality": "Quality of work",
        troubleshooting: "Problem solving",
        custom: "About you",
      },
    },
    discardPanel: {
      heading: "Discard this application?",
      guest: "Your answers and resume are deleted.",
      candidate: "Your answers are deleted. Resumes you uploaded stay in your library.",
      confirm: "Discard application",
      keep: "Keep editing",
    },
    resume: {
      heading: "Upload Resume",
      optional: "(optional but recommended)",
      remove: "Remove",
      removing: "Removing...",
      uploadDifferent: "Upload a different resume",
      yours: "Your resume (PDF)",
      hint: "PDF files only, max {{mb}}MB",
      afterError: "Choose another file, or press Next to continue without a resume.",
      upload: "Upload",
      uploading: "Uploading...",
      previous: "Or use a resume you uploaded before",
      isDefault: " · Default",
      use: "Use this resume",
      choosing: "Choosing...",
    },
    review: {
      heading: "Review your application",
      job: "Job",
      jobAt: "{{title}} at {{company}}",
      questions: "Screening questions",
      completed: "{{answered}} of {{total}} questions completed",
      resume: "Resume",
      noResume: "No resume uploaded",
      nextHeading: "What happens next",
      externalSite:
        "{{company}} takes applications on their own site, not on Hirewise. We save what you prepared here and open their application page in a new tab: copy your answers and upload your resume there.",
      externalList:
        'My Applications lists it as "Applied on company site" with the link; {{company}} replies to you directly, not through Hirewise.',
      seesGuest: "{{company}} sees your answers and resume on Hirewise once you open the link we email you.",
      seesCandidate: "{{company}} sees your answers and resume on Hirewise as soon as you submit.",
      ai: "AI helps the hiring team read applications by summarising how your answers and resume match the job. People make every decision.",
      emails:
        "We email you a confirmation, and again when they shortlist you or decide not to go ahead (unless you turned application emails off in your account). Follow it, re-read what you sent or withdraw it on My Applications until they decide.",
    },
    guest: {
      details: "Your details",
      detailsIntro:
        "We email you a link to confirm your address; opening it sends the application and makes your job seeker account (you can set a password there, or later).",
      fullName: "Full name",
      email: "Email",
      heldHeading: "Check your email",
      held: "Your application is waiting for you to confirm it: open the link we emailed to <strong>{{email}}</strong>.",
      heldNote:
        "The link makes your job seeker account and sends your answers and resume. Nothing reaches the employer before that. The link works for 7 days.",
      accountChoice:
        "No account needed: we email you a link to confirm. Have one? <signIn>Sign in</signIn> to apply with it, or <signUp>create an account</signUp> first.",
    },
    feedback: {
      offer:
        "Want advice on your answers before you send them? AI feedback on your answers comes with the <plan>Professional plan</plan>.",
      heading: "AI feedback on your answers",
      intro: "Advice only: go back to Questions to change an answer. Nothing here is sent to the employer.",
      works: "What works",
      add: "What to add",
      fine: "Nothing to add: this answer reads well.",
    },
    eeo: {
      heading: "Voluntary self-identification",
      optional: "(optional)",
      intro:
        'Employers in the United States are asked by the government to invite applicants to self-identify, so they can report on and improve fairness in hiring. Answering is entirely voluntary: you may skip any question or choose "I don\'t wish to answer", and declining has no effect on your application.',
      unseen: "The people reviewing your application never see these answers.",
      apart:
        "They are kept apart from your application; the company's owners see only counts of five or more applicants, never anyone's answers.",
      questions: {
        gender: "Gender",
        raceEthnicity: "Race/Ethnicity",
        veteranStatus: "Veteran status",
        disabilityStatus: "Disability status",
      },
      options: {
        gender: { male: "Male", female: "Female", declined: "I don't wish to answer" },
        raceEthnicity: {
          hispanic_latino: "Hispanic or Latino",
          white: "White (Not Hispanic or Latino)",
          black: "Black or African American (Not Hispanic or Latino)",
          native_hawaiian_pacific_islander: "Native Hawaiian or Other Pacific Islander (Not Hispanic or Latino)",
          asian: "Asian (Not Hispanic or Latino)",
          american_indian_alaska_native: "American Indian or Alaska Native (Not Hispanic or Latino)",
          two_or_more: "Two or More Races (Not Hispanic or Latino)",
          declined: "I don't wish to answer",
        },
        veteranStatus: {
          protected: "I identify as one or more of the classifications of protected veteran",
          not_protected: "I am not a protected veteran",
          declined: "I don't wish to answer",
        },
        disabilityStatus: {
          yes: "Yes, I have a disability (or previously had a disability)",
          no: "No, I do not have a disability and have not had one in the past",
          declined: "I do not want to answer",
        },
      },
      descriptions: {
        raceEthnicity: {
          hispanic_latino:
            "A person of Cuban, Mexican, Puerto Rican, South or Central American, or other Spanish culture or origin regardless of race.",
          white: "A person having origins in any of the original peoples of Europe, the Middle East, or North Africa.",
          black: "A person having origins in any of the black racial groups of Africa.",
          native_hawaiian_pacific_islander:
            "A person having origins in any of the peoples of Hawaii, Guam, Samoa, or other Pacific Islands.",
          asian:
            "A person having origins in any of the original peoples of the Far East, Southeast Asia, or the Indian Subcontinent, including, for example, Cambodia, China, India, Japan, Korea, Malaysia, Pakistan, the Philippine Islands, Thailand, and Vietnam.",
          american_indian_alaska_native:
            "A person having origins in any of the original peoples of North and South America (including Central America), and who maintain tribal affiliation or community attachment.",
          two_or_more: "All persons who identify with more than one of the above five races.",
        },
      },
      veteranWho: "Who is a protected veteran",
      veteranClasses: {
        disabled:
          "Disabled veteran: a veteran of the U.S. military who is entitled to compensation for a service-connected disability, or who was discharged or released from active duty because of a service-connected disability.",
        recent:
          "Recently separated veteran: a veteran during the three-year period beginning on the date of discharge or release from active duty in the U.S. military.",
        wartime:
          "Active duty wartime or campaign badge veteran: a veteran who served on active duty in the U.S. military during a war, or in a campaign or expedition for which a campaign badge has been authorized.",
        medal:
          "Armed forces service medal veteran: a veteran who, while serving on active duty in the U.S. military, participated in a United States military operation for which an Armed Forces service medal was awarded.",
      },
    },
    errors: {
      notFound: "The job you're trying to apply for could not be found.",
      checkAnswers: "Please check the answers marked below.",
      answerOne: "Please answer the question marked below to continue.",
      answerMany: "Please answer the {{n}} questions marked below to continue.",
      answerBeforeSending: "Please answer every question before sending.",
      chooseFile: "Choose a PDF file to upload.",
      submitFailed: "Error submitting application. Please try again.",
    },
    confirm: {
      title: "Confirm your application · Hirewise",
      heading: "Confirm your application",
      intro:
        "Your application for <strong>{{title}}</strong> at {{company}} is waiting. Nothing reaches {{company}} before you confirm.",
      signInHeading: "Sign in to send your application",
      hasAccount: "{{email}} has a Hirewise account. Sign in to it and your answers and resume are sent from it.",
      signIn: "Sign in",
      forgot: "Forgot your password?",
      fromAccount: "The application is sent from your account.",
      makesAccount: "Confirming makes your job seeker account for {{email}}, signs you in and sends the application.",
      password: "Password (optional)",
      passwordHint: 'At least {{n}} characters. Or leave it empty and set one later with "Forgot password?".',
      sending: "Sending...",
      button: "Confirm and send my application",
      deadTitle: "This link has expired or was already used",
      deadBody: "Links from our emails work once, and only for a while. Ask for a new one:",
      again: "Find the job and apply again",
    },
    sent: {
      submitted:
        "Application submitted successfully! Open it below to re-read what you sent, follow its status or withdraw it.",
      continuedTitle: "Saved. Finish your application on {{company}}'s site.",
      continuedText:
        "Copy your answers below and upload your resume there. {{company}} replies to you directly, not through Hirewise.",
      continueTo: "Continue to {{company}}'s site",
    },
  },
};

// The messages the apply flow's modules and libraries write in English, matched by their text
// (spread into `messages`; {{n}} and the like: values kept as they came).
export const enApplyMessages = {
  applyAnswerQuestion: "Please answer this question.",
  applyAnswerTooLong: "Please keep your answer under {{n}} characters.",
  applyChooseOption: "Please choose one of the options.",
  applyChooseRating: "Please choose a rating from 1 to 5.",
  applyAnswerEvery: "Please answer every question before submitting.",
  applyCheckFields: "Please check the fields marked below.",
  applyPreparing: "Your application form is still being prepared. Please wait a moment.",
  applyReload: "Please reload the page and try again.",
  applyHeldTo: "Your application is waiting for you to confirm it: open the link we emailed to {{email}}.",
  applyHeld: "Your application is waiting for you to confirm it: open the link we emailed.",
  applyJobNotFound: "The job you're trying to apply for could not be found.",
  applyResumeNotFound: "That resume could not be found. Please upload it again.",
  applyLibraryFull:
    "Your resume library holds up to {{n}} resumes. Delete one you no longer need in My Resumes, then upload again.",
  applyUnverified:
    "Confirm your email address before you send an application. Open the link we sent to {{email}}, or press Resend at the top of the page for a new one.",
  pdfNotPdf: "Please upload a PDF file",
  pdfEncrypted: "This PDF is password-protected. Please upload a PDF without a password.",
  fileTooLarge: "The file is too large. The limit is {{n}} MB.",
  uploadIncomplete: "The upload did not arrive complete. Please try again.",
  uploadFailed: "We couldn't take your file just now. Please try again in a few minutes.",
  uploadOneFile: "Please upload one file.",
  formUnstorable: "The form contained characters we can't store. Please try again.",
  planNoMore: "Your plan doesn't allow more applications.",
  planCandidatesOnly: "Only candidate accounts can apply to jobs.",
  planTrialEnded: "Your Free Trial ended on {{date}}. Upgrade your plan to keep applying to jobs.",
  planTrialIncludesOne: "Your Free Trial includes {{n}} application. Upgrade your plan to apply to more jobs.",
  planTrialIncludes: "Your Free Trial includes {{n}} applications. Upgrade your plan to apply to more jobs.",
  planIncludesOne: "Your {{plan}} plan includes {{n}} application. Upgrade your plan to apply to more jobs.",
  planIncludes: "Your {{plan}} plan includes {{n}} applications. Upgrade your plan to apply to more jobs.",
  planJobFull: "This job isn't accepting more applications right now. Please try again later.",
  allowanceTrialOne: "{{n}} application of {{limit}} left on your Free Trial.",
  allowanceTrial: "{{n}} applications of {{limit}} left on your Free Trial.",
  allowancePlanOne: "{{n}} application of {{limit}} left on your {{plan}} plan.",
  allowancePlan: "{{n}} applications of {{limit}} left on your {{plan}} plan.",
  allowanceUnlimited: "Your {{plan}} plan has no limit on applications.",
};
