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
    twoFactor: {
      title: "Two-factor sign-in",
      recoveryIntro:
        "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.",
      codeIntro: "Enter the 6-digit code from your authenticator app.",
      recoveryLabel: "Recovery code",
      codeLabel: "Authentication code",
      recoveryHint: "Like abcde-23456.",
      checking: "Checking...",
      verify: "Verify",
      useApp: "Use a code from your authenticator app",
      useRecovery: "Use a recovery code instead",
      cancel: "Cancel and go back to sign in",
      triesLeft_one: "{{count}} try left before you need to sign in again.",
      triesLeft_other: "{{count}} tries left before you need to sign in again.",
    },
    onboarding: {
      title: "Finish creating your account",
      expiredTitle: "Sign-up expired",
      heading: "One more step",
      intro: "You signed in with {{provider}} as <strong>{{email}}</strong>. Tell us how you will use Hirewise.",
      fullName: "Full name",
      fullNameHint: "Shown to employers and in your menu.",
      companyName: "Company name",
      accept: "I accept that Hirewise keeps my name and email address from {{provider}} to run my account.",
      creating: "Creating account...",
      create: "Create Account",
    },
  },
};

export const enAccessMessages = {
  signUpExpired:
    "This sign-up has expired or was started in another browser. Continue with your provider again to start over.",
  codeCharacters: "Enter the code with digits and letters only.",
  enterCode: "Enter the 6-digit code from your authenticator app.",
  wrongCode: "That code is not right. Check the time on your phone and enter the newest code.",
  usedCode: "That code was already used. Wait for the next code in your app.",
  enterRecoveryCode: "Enter one of your recovery codes, like abcde-23456.",
  wrongRecoveryCode: "That recovery code is not right, or it was already used.",
  lockedOneMinute: "Too many wrong codes for this account. Try again in 1 minute.",
  lockedMinutes: "Too many wrong codes for this account. Try again in {{minutes}} minutes.",
  passwordChangedSignIn: "Your password is changed. Sign in with your new password.",
  emailConfirmedSignIn: "Your email address is confirmed. Sign in to continue.",
};
