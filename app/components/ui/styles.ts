// Shared class strings for elements that stay plain tags (a Remix <Link>, an <a>, a <button>):
// the look is decided here once; colours come from the semantic tokens in app.css.
export const textLink = "font-semibold text-brand hover:underline";
export const smallTextLink = "text-sm font-semibold text-brand hover:underline";
