// The one answer to an emailed link that can't be used: expired, used, wrong, tampered, for another
// purpose or for an address the account no longer has all read the same.
import { Link } from "@remix-run/react";
import { AuthColumn, cardClass, linkClass } from "./auth-notices.tsx";

export const DEAD_LINK = "This link has expired or was already used";

/** `words`: the title and line in the page's language, where the page has them translated. */
export function DeadLink({
  again,
  words = { title: DEAD_LINK, body: "Links from our emails work once, and only for a while. Ask for a new one:" },
}: {
  again: { href: string; label: string };
  words?: { title: string; body: string };
}) {
  return (
    <AuthColumn title={words.title}>
      <div className={cardClass}>
        <p className="text-soft">{words.body}</p>
        <p>
          <Link to={again.href} className={`${linkClass} text-sm`}>
            {again.label}
          </Link>
        </p>
      </div>
    </AuthColumn>
  );
}
