// A small fetch-based browser for sign-ins that cross to an identity provider: a cookie jar keyed
// by host name (not port, as real browsers do), redirects followed by hand so a test can read or
// tamper with each hop, and posting the first form on a page.
type StoredCookie = { name: string; value: string; host: string; path: string; expires?: number };

export class CookieBrowser {
  cookies: StoredCookie[] = [];

  private store(url: URL, setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = "", ...attrs] = line.split(";").map((s) => s.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      let path = "/";
      let expires: number | undefined;
      for (const a of attrs) {
        const [k = "", v = ""] = a.split("=");
        const key = k.toLowerCase();
        if (key === "path") path = v;
        if (key === "max-age") expires = Date.now() + Number(v) * 1000;
        if (key === "expires" && expires === undefined) expires = Date.parse(v);
      }
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.host === url.hostname && c.path === path));
      if (expires === undefined || expires > Date.now())
        this.cookies.push({ name, value: pair.slice(eq + 1), host: url.hostname, path, expires });
    }
  }

  cookieHeader(url: URL): string {
    return this.cookies
      .filter((c) => c.host === url.hostname && url.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
  }

  has(name: string): boolean {
    return this.cookies.some((c) => c.name === name);
  }

  forget(name: string): void {
    this.cookies = this.cookies.filter((c) => c.name !== name);
  }

  /** One request, no redirect following. */
  async request(input: string | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set("cookie", cookie);
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    this.store(url, res.headers.getSetCookie());
    return res;
  }

  /**
   * Follows redirects with GETs until an answer that is not one, or until `stopAt` matches the
   * next address (returned unrequested, with the redirect that pointed there). `rewrite` may change
   * each address before it is requested (a tampering attacker).
   */
  async follow(
    input: string | URL,
    init: RequestInit = {},
    options: { rewrite?: (url: URL) => URL; stopAt?: (url: URL) => boolean } = {},
  ): Promise<{ res: Response; url: URL }> {
    let url = new URL(input);
    let res = await this.request(url, init);
    for (let i = 0; i < 20 && res.status >= 300 && res.status < 400; i++) {
      let next = new URL(res.headers.get("location")!, url);
      if (options.rewrite) next = options.rewrite(next);
      if (options.stopAt?.(next)) return { res, url: next };
      await res.body?.cancel();
      url = next;
      res = await this.request(url);
    }
    return { res, url };
  }

  /** Posts the first <form> on the page with its hidden fields and `fields`, then follows redirects. */
  async submitForm(
    html: string,
    pageUrl: URL,
    fields: Record<string, string>,
    options: Parameters<CookieBrowser["follow"]>[2] = {},
  ) {
    const form = html.match(/<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/);
    if (!form) throw new Error(`no form on ${pageUrl}:\n${html.slice(0, 500)}`);
    const action = new URL(form[1]!.replace(/&amp;/g, "&"), pageUrl);
    const body = new URLSearchParams();
    for (const m of form[2]!.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
      body.set(m[1]!, m[2]!);
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return this.follow(
      action,
      {
        method: "POST",
        body,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: pageUrl.origin },
      },
      options,
    );
  }

  /** A form post to the app as a browser sends it (the page's Origin), without following. */
  post(url: string, fields: Record<string, string>, origin = new URL(url).origin): Promise<Response> {
    return this.request(url, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
    });
  }
}
