// English (US): the pages around signing in (forgot and reset a password, confirm an address, a
// dead emailed link), part of en.ts. Notices those flows leave on /auth are `enAccessMessages`.
export const enAccess = {
  access: {
    deadLink: {
      title: "This link has expired or was already used",
      body: "Links from our emails work once, and only for a while. Ask for a new one:",
      newLink: "Send me a new link",
      signInForLink: "Sign in to get a new link",
    },
    forgot: {
      title: "Reset your password",
      description: "Get a link to choose a new Hirewise password.",
      sentTitle: "Check your email",
      sent: "If an account exists for that address, we sent a link.",
      sentBody:
        "The link lets you choose a new password. It works once, for {{minutes}} minutes. If nothing arrives in a few minutes, look in your spam folder, or ask again.",
      backToSignIn: "Back to sign in",
      another: "Send another link",
      heading: "Forgot your password?",
      intro: "Enter the email address of your account and we'll send you a link to choose a new password.",
      email: "Email",
      sending: "Sending...",
      send: "Send reset link",
      remembered: "Remembered it?",
      signIn: "Sign in",
    },
    reset: {
      title: "Choose a new password",
      intro: "For {{email}}. Every device signed in to this account will be signed out.",
      password: "New password",
      hint: "At least {{count}} characters, and not a common password.",
      saving: "Saving...",
      save: "Set new password",
    },
    verify: {
      title: "Confirm your email address",
      confirmedTitle: "Your email address is confirmed",
      confirmed: "You confirmed <strong>{{email}}</strong>. You can publish jobs and send applications.",
      sentNew: "We sent a new link to {{email}}.",
      open: "Open the link we sent to <strong>{{email}}</strong> to confirm it. Links work for {{hours}} hours. Until then you can't publish jobs or send applications.",
      sending: "Sending...",
      resend: "Resend the link",
      back: "Back to where you were",
      confirmThat:
        "Confirm that <strong>{{email}}</strong> is your address. Then you can publish jobs and send applications.",
      confirming: "Confirming...",
      confirm: "Confirm my email",
    },
  },
};

export const enAccessMessages = {
  passwordChangedSignIn: "Your password is changed. Sign in with your new password.",
  emailConfirmedSignIn: "Your email address is confirmed. Sign in to continue.",
};
