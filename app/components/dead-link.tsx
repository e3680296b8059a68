// The one answer to an emailed link that can't be used: expired, used, wrong, tampered, for another
// purpose or for an address the account no longer has all read the same.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthColumn, cardClass, linkClass } from "./auth-notices.tsx";

/** `words`: the title and line, when the page says them its own way. */
export function DeadLink({
  again,
  words,
}: {
  again: { href: string; label: string };
  words?: { title: string; body: string };
}) {
  const { t } = useTranslation("access");
  words ??= { title: t("deadLink.title"), body: t("deadLink.body") };
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
