// Redirect targets: only paths on this site. A leaf file, so any part of identity may use it.
const SAME_SITE = "http://same.site";

/** A path a browser resolves on this site: "/x" yes; "//evil.com", "/\\evil.com" or "https://…" no. */
function isLocalPath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return false;
  try {
    return new URL(path, SAME_SITE).origin === SAME_SITE;
  } catch {
    return false;
  }
}

/**
 * Only relative, same-site paths. The value returned is the parsed one ("/a/../b" becomes "/b"), so
 * that is the one checked: "/.//evil.com" parses to "//evil.com", which a browser sends off-site.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== "string" || !isLocalPath(to)) return fallback;
  const url = new URL(to, SAME_SITE);
  const path = url.pathname + url.search + url.hash;
  return isLocalPath(path) ? path : fallback;
}
