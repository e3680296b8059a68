// The panel every page puts its sections in: a rounded, bordered surface.
import type { HTMLAttributes, ReactNode } from "react";

/** The card's look, for an element Card can't be (a <Form>, a <details>). */
export const cardClass = "rounded-2xl border border-subtle bg-surface p-6 shadow-sm";

type CardTag = "div" | "section" | "article" | "aside" | "li";

/** A card; `as` picks the element (a <section> for a page's part), `className` adds layout. */
export function Card({
  as: Tag = "div",
  className = "",
  children,
  ...props
}: { as?: CardTag; className?: string; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  return (
    <Tag {...props} className={`${cardClass} ${className}`}>
      {children}
    </Tag>
  );
}
