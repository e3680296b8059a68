// English (US): the How it works page's words, part of en.ts.
export const enHow = {
  how: {
    title: "How it works",
    description:
      "Post a job, let AI write the description and screening questions, collect answers and resumes, and get every applicant scored on technical skill, communication and collaboration (as their answers show it).",
    eyebrow: "How it works",
    heading: "From job post to shortlist in four steps",
    seePricing: "See pricing",
    lead: "Hirewise replaces the resume pile with questions written for the role, and scores every applicant’s answers the same way. Here is what happens from the moment you post a job.",
    stepsEyebrow: "The AI question process",
    stepsTitle: "Screening that starts with the job, not the resume",
    stepLabel: "Step {{n}}: ",
    steps: {
      post: {
        title: "Post a job",
        body: "Describe the role in a short three-step wizard: the basics, the screening questions, then a final review before you publish.",
        p1: "Title, company, location and on-site, remote or hybrid",
        p2: "Employment type, category and salary range",
        p3: "The requirements and benefits that matter to you",
      },
      ai: {
        title: "AI writes the description and screening questions",
        body: "From your requirements, Hirewise drafts a complete job description and ten screening questions written for this role, not pulled from a generic list.",
        p1: "Summary, responsibilities, qualifications and benefits",
        p2: "Open answers, multiple choice and 1 to 5 self-ratings",
        p3: "Edit, remove or add your own before you publish",
      },
      apply: {
        title: "Candidates answer and upload a resume",
        body: "Job seekers find your role, answer every question and attach a PDF resume. They know how many questions there are before they start.",
        p1: "One simple application, on phone or desktop",
        p2: "Resume upload is optional but recommended",
        p3: "Candidates track their status after they apply",
      },
      score: {
        title: "AI scores, you shortlist",
        body: "Every application is scored the same way, so you can start with the strongest answers and spend your time on the right conversations.",
        p1: "Technical, communication and collaboration scores, from the answers",
        p2: "An overall match percentage for each applicant",
        p3: "Move applicants to Interview, Offer and Hired (rejections ask first); the candidate sees each step",
      },
    },
    statsLabel: "Hirewise by the numbers",
    benefitsEyebrow: "Benefits",
    benefitsTitle: "Why teams screen with Hirewise",
    benefitsDescription: "Less time sorting applications, more confidence in who you call back.",
    benefits: {
      hours: {
        title: "Hours back every week",
        body: "Stop reading hundreds of near-identical resumes. Start with the applicants whose answers show they can do the job.",
      },
      fair: {
        title: "Fair and consistent",
        body: "Everyone answers the same questions and is scored against the same criteria, so decisions rest on evidence, not on resume formatting.",
      },
      signal: {
        title: "Signal beyond the resume",
        body: "Questions about real problems show how someone debugs, designs and explains: the practical experience keywords never reveal.",
      },
      call: {
        title: "You make the call",
        body: "AI drafts and scores; people decide. Every question can be edited and every shortlist decision is yours.",
      },
      live: {
        title: "Live in minutes",
        body: "AI writes the first draft of the post and the questions, so a new role can go live the same afternoon you open it.",
      },
      experience: {
        title: "A better candidate experience",
        body: "Clear questions up front, one straightforward application and status updates from submitted to shortlisted. No more silence.",
      },
    },
    seekerPrefix: "Looking for a job instead?",
    seekerLink: "Create a job seeker account",
    ctaReady: "Ready when you are",
    ctaFirst: "Post your first job free",
    ctaCompare: "Compare plans",
    ctaTrial: "{{days}}-day free trial, no credit card required. ",
    ctaBody: "Your screening questions are ready in seconds.",
  },
};
