// The one answer to an emailed link that can't be used: expired, used, wrong, tampered, for another
// purpose or for an address the account no longer has all read the same.
import { Link } from "@remix-run/react";
import { AuthColumn, cardClass, linkClass } from "./auth-notices.tsx";

export const DEAD_LINK = "This link has expired or was already used";

export function DeadLink({ again }: { again: { href: string; label: string } }) {
  return (
    <AuthColumn title={DEAD_LINK}>
      <div className={cardClass}>
        <p className="text-soft">Links from our emails work once, and only for a while. Ask for a new one:</p>
        <p>
          <Link to={again.href} className={`${linkClass} text-sm`}>
            {again.label}
          </Link>
        </p>
      </div>
    </AuthColumn>
  );
}
