// The frame of each area of /account: a card with its heading (an anchor the confirmations and
// the page's contents link to) and the green confirmation of the form that just succeeded.
import type { ReactNode } from "react";
import { cardClass } from "#app/components/ui/card.tsx";

export const ACCOUNT_CARD = `grid min-w-0 gap-4 ${cardClass}`;

export function AccountCard({
  id,
  title,
  description,
  done,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  /** The confirmation to show in this card, if the last form that succeeded was this card's. */
  done?: string | null;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`${ACCOUNT_CARD} scroll-mt-6`}>
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </div>
      {done ? <Confirmation>{done}</Confirmation> : null}
      {children}
    </section>
  );
}

export function Confirmation({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="break-words rounded-lg border border-ok-line bg-ok-tint px-4 py-3 text-sm text-ok-fg">
      {children}
    </p>
  );
}
