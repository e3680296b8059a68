// English (US): the marketing pages' words (home, about), part of en.ts.
export const enMarketing = {
  home: {
    title: "Hirewise · Hire on skills, not keywords",
    description:
      "Hirewise writes your job post and screening questions with AI, scores every applicant on technical skill, communication and collaboration (as their answers show it), and hands you a ranked shortlist. Try it free, no credit card required.",
    deleted: "Your account is deleted.",
    eyebrow: "AI-assisted hiring marketplace",
    heading: "Hire on skills, not keywords",
    lead: "Hirewise writes your job post and screening questions, scores every applicant on technical skill, communication and collaboration as their answers show it, and hands you a ranked shortlist. You spend your time talking to the right people.",
    seePricing: "See pricing",
    trialLine: "{{days}}-day free trial · No credit card required · $0 setup",
    lookingPrefix: "Looking for your next role?",
    browseOpenJobs: "Browse open jobs",
    or: "or",
    createSeeker: "create a job seeker account",
    features: {
      eyebrow: "Why Hirewise",
      title: "Everything you need to hire on evidence",
      description:
        "Screening questions written for the role, answers scored the same way for every applicant, and a shortlist you can defend.",
      howLink: "See how the AI question process works",
      matchingTitle: "AI matching",
      matchingBody:
        "Hirewise reads the role and every application together, so the people whose skills fit rise to the top, not the ones who stuffed the most keywords into a resume.",
      scoringTitle: "AI scoring",
      scoringBody:
        "Each application is scored for technical skill, communication and collaboration (as their answers show it), with an overall match percentage, and the answers behind every score are one click away.",
      fasterTitle: "Faster hiring",
      fasterBody:
        "AI drafts the job description and ten screening questions in seconds. Review a ranked list instead of a pile of resumes, with your team, from first answer to offer.",
      cvTitle: "CV maker",
      cvBody:
        "Job seekers build a clean, well-structured CV inside Hirewise and attach it to any application, so every profile you open is easy to read.",
    },
    cta: {
      title: "Make your next hire the right one",
      compare: "Compare plans",
      body: "Post your first job in minutes. AI writes the questions, scores the answers and shows you who to call first.",
    },
    wayIn: {
      visitor: "Start your free trial",
      visitorShort: "Start free trial",
      employer: "Go to your dashboard",
      employerShort: "Your dashboard",
      candidate: "Browse jobs",
      candidateShort: "Browse jobs",
    },
    stats: {
      label: "Hirewise in numbers",
      activeJobs: "Active jobs",
      companiesHiring: "Companies hiring",
      candidates: "Candidates",
    },
    scorecard: {
      role: "Senior Backend Engineer",
      applicant: "Applicant #12 of 48",
      shortlisted: "Shortlisted",
      match: "match",
      technical: "Technical",
      communication: "Communication",
      collaboration: "Collaboration (from the answers)",
      question: "Q4 · System design",
      answer: "“I’d put a queue between the API and the PDF worker, so a slow upload never blocks checkout…”",
      caption: "An example AI scorecard, as employers see it on each application.",
    },
    pricing: {
      eyebrow: "Pricing",
      title: "Simple plans for both sides of the hire",
      description:
        "Every account starts with a {{days}}-day free trial. No credit card, no setup fee, and you can change plans at any time.",
      employers: "For employers",
      compareEmployers: "Compare employer plans",
      seekers: "For job seekers",
      compareSeekers: "Compare job seeker plans",
      saveYearly: "Pay yearly and save up to {{percent}}%. ",
      guarantee: "30-day money-back guarantee on every paid plan.",
      seeFull: "See full pricing",
      mostPopular: "Most popular",
      custom: "Custom pricing",
      trialPrice: "$0 for {{days}} days",
      perMonth: "/month",
    },
  },
  about: {
    title: "About",
    description:
      "Hirewise helps employers hire on evidence and candidates be judged on their skills. Our mission, our vision, the values we build on and how it started.",
    eyebrow: "About Hirewise",
    heading: "Hiring should reward what people can do",
    lead: "Hirewise is an AI-assisted hiring marketplace. Employers post roles with screening questions written for the job, candidates answer them, and both sides get a faster, fairer decision.",
    purposeLabel: "Mission and vision",
    missionTitle: "Our mission",
    missionBody:
      "Help every employer hire on evidence, and every candidate be judged on their skills: not on keywords, pedigree or how well a resume happens to be formatted.",
    visionTitle: "Our vision",
    visionBody:
      "A job market where applying means showing what you can do, every applicant hears back, and the best person for the role is the one who gets it.",
    storyEyebrow: "Our story",
    storyTitle: "How Hirewise started",
    story1:
      "Hirewise began with two people on opposite sides of the same problem. One was an engineering manager who spent a whole quarter reading more than a thousand resumes for three open roles, and still felt she was guessing. The other was a developer who sent out dozens of applications and heard back from almost none, including for jobs he was well qualified to do.",
    story2:
      "Comparing notes, they saw the same failure from both ends. Resumes are a poor proxy for skill, keyword filters turn away good people, and nobody has time to read everything properly. What had worked for both of them was simpler: a handful of well-chosen questions about the actual job, answered honestly.",
    story3:
      "So they built that. Hirewise uses AI for the slow parts, drafting the job post, writing questions for the role and scoring the answers consistently, and leaves the decisions with people. Today it helps companies of every size screen applicants on real skills, and gives candidates a clear, fair way to show what they can do.",
    valuesEyebrow: "Our values",
    valuesTitle: "What we build on",
    valuesDescription: "Four principles behind every feature we ship and every decision we make.",
    skillsTitle: "Skills over signals",
    skillsBody:
      "We judge applications on what people can do. Job titles, school names and keyword density are not evidence of skill.",
    peopleTitle: "People decide",
    peopleBody:
      "AI drafts, suggests and scores. A person always makes the hiring decision, with the answers behind every score in view.",
    timeTitle: "Respect everyone's time",
    timeBody:
      "Short, relevant questions for candidates, a ranked shortlist for employers, and clear status updates so nobody is left waiting.",
    honestTitle: "Honest by default",
    honestBody:
      "Plain pricing with no setup fees, a free trial without a credit card, and a refund when we don't earn our keep.",
    curious: "Curious about the details?",
    readHow: "Read how Hirewise works",
    ctaTitle: "Hire for skills, starting today",
    ctaTrial: "Start your free trial",
    ctaHow: "See how it works",
    ctaBody: "Post a job, let AI write the questions and review a ranked shortlist. Looking for work?",
    ctaSeeker: "Join as a job seeker",
  },
};
