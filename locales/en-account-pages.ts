// English (US): /account's own pages (delete, export, the new address's link) and the shared
// "confirm it's you" part, part of en.ts. Their module refusals are `enAccountPagesMessages`.
export const enAccountPages = {
  accountPages: {
    back: "← Account",
    identity: {
      password: "Your password",
      confirmed: "You confirmed it's you with your identity provider. Go ahead within {{minutes}} minutes of that.",
      noPassword: "Your account has no password. Confirm it's you by signing in again with your identity provider.",
      confirmWith: "Confirm with {{provider}}",
    },
    delete: {
      title: "Delete your account",
      intro: "This deletes {{email}} and everything it holds, at once and for good. It can't be undone. ",
      exportLink: "Export your data",
      exportAfter: " first if you want a copy.",
      happens: "What happens",
      loses: {
        candidate: {
          profile: "Your profile, photo and resumes.",
          applications:
            "Your applications, answers and drafts. Employers who received an application see “Deleted candidate”, where it stood and their own notes, and nothing you gave them.",
          sessions: "Your sessions, on every device.",
        },
        employer: {
          jobs: "Your jobs are closed and disappear from the board. Candidates still waiting on an application are told by email.",
          drafts: "Your drafts, company logo and job-writing history.",
          sessions: "Your sessions, on every device.",
        },
      },
      notDeleted: "Your account was not deleted. Check the fields below.",
      typeBefore: "Type ",
      typeAfter: " or your email address to confirm",
      deleting: "Deleting...",
      submit: "Delete my account",
    },
    export: {
      title: "Export your data",
      intro: "Download everything Hirewise holds about your account ({{email}}) as one zip file.",
      inside: "What's inside",
      files: {
        account: "Your account, plan, signed-in sessions (never their keys) and account history.",
        candidateProfile: "Your name, photo and email settings.",
        employerProfile: "Your name, company name and email settings.",
        applications:
          "Every job you applied to: your answers, statuses, status history and scores, when each is due to be anonymised, and your unsent drafts.",
        resumes: "Every resume you uploaded, as the PDF you sent.",
        jobs: "Every job you posted or drafted, with its screening questions.",
        received:
          "How many applications each job received, by status. Candidates' applications are their own data, so they aren't included.",
        emails: "The emails we sent you.",
        photo: "Your photo.",
        logo: "Your company logo.",
      },
      never:
        "Your password, sign-in keys and other people's personal data are never included. The JSON files open in any text editor.",
      download: "Download my data",
      leave: "Want to leave instead?",
      deleteLink: "Delete your account",
      keptHeading: "How long companies keep your applications",
      kept: "If you aren't hired, a company keeps your application for 6, 12 or 24 months after the job closes (it chooses; 12 unless it changed it). 30 days before, we email you a link to stay in its talent pool for another period. Then your answers, resume, messages and the team's notes and scorecards are removed; the company keeps only that an application reached each stage, without your name. Your account and your resume library stay until you delete them.",
    },
    emailLink: {
      title: "Confirm your new email address",
      unusable: "This link can't be used",
      ready:
        "Your account will use <strong>{{email}}</strong> instead of <span>{{current}}</span>. We'll tell your current address about the change.",
      confirming: "Confirming...",
      confirm: "Confirm new address",
      notNow: "Not now",
      taken:
        "Another account started using <strong>{{email}}</strong> after we sent this link, so your address stays as it was. Choose another address on your account page.",
      invalid:
        "This confirmation link has expired, was already used, or was replaced by a newer one. Your email address has not changed.",
      toAccount: "Go to your account",
    },
  },
};

export const enAccountPagesMessages = {
  typeToConfirm: "Type {{word}} or your email address to confirm.",
  emailChanged: "Your email address is now {{email}}. We told your previous address about the change.",
};
