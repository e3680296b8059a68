// English (US): the CV maker's page and the CV itself (its PDF and HTML preview), part of en.ts.
export const enCv = {
  cv: {
    title: "Your CV",
    madeFrom: "Made from ",
    yourProfile: "your profile",
    changeProfile: ". Change the profile to change the CV.",
    saved: "Your CV is saved to your resumes. You can choose it when you apply.",
    seeResumes: "See my resumes",
    template: "Template",
    templates: { classic: "Classic", compact: "Compact" },
    viewPdf: "View PDF",
    downloadPdf: "Download PDF",
    save: "Save to my resumes",
    saving: "Saving…",
    backToCv: "Back to your CV",
    noTemplate: "There is no such CV template.",
    previewLabel: "CV preview, {{template}} template",
    // The CV's own words.
    document: {
      cv: "CV",
      summary: "Summary",
      profile: "Profile",
      experience: "Experience",
      education: "Education",
      skills: "Skills",
      languages: "Languages",
      present: "Present",
      page: "{{name}} — page {{page}} of {{total}}",
      levels: {
        native: "Native",
        fluent: "Fluent",
        professional: "Professional",
        conversational: "Conversational",
        basic: "Basic",
      },
    },
  },
};
