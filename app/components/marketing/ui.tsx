// Building blocks shared by the public pages: page width, section headings, call-to-action links.
// Plain server-rendered markup: every piece reads and works with JavaScript off.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { cardClass } from "#app/components/ui/card.tsx";

const widths = { wide: "max-w-6xl", narrow: "max-w-3xl" } as const;

export function Container({
  className = "",
  width = "wide",
  children,
}: {
  className?: string;
  width?: keyof typeof widths;
  children: ReactNode;
}) {
  return <div className={`mx-auto ${widths[width]} px-4 sm:px-6 ${className}`}>{children}</div>;
}

export function Eyebrow({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <p className={`text-sm font-semibold uppercase tracking-wider text-brand ${className}`}>{children}</p>;
}

/** A section's h2 with an optional eyebrow line and lede; `id` lets the section be labelled by it. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  align = "center",
}: {
  id: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  align?: "center" | "left";
}) {
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-strong sm:text-4xl">
        {title}
      </h2>
      {description ? <p className="mt-4 text-lg text-body">{description}</p> : null}
    </div>
  );
}

const buttonBase =
  "inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 text-base font-semibold shadow-sm transition-colors";

const buttonVariants = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary: "border border-edge bg-surface text-strong hover:bg-tint",
  /** For use on the brand-coloured call-to-action band. */
  inverse: "bg-white text-brand-800 hover:bg-brand-50",
  outlineInverse: "border border-white/70 text-white hover:bg-white/10",
} as const;

export type ButtonVariant = keyof typeof buttonVariants;

export function buttonClass(variant: ButtonVariant = "primary", className = "") {
  return `${buttonBase} ${buttonVariants[variant]} ${className}`;
}

/** A link styled as a button: a Remix Link for pages of the app, a plain anchor for mailto: and the like. */
export function ButtonLink({
  to,
  variant = "primary",
  className = "",
  children,
}: {
  to: string;
  variant?: ButtonVariant;
  className?: string;
  children: ReactNode;
}) {
  const cls = buttonClass(variant, className);
  return to.startsWith("/") ? (
    <Link to={to} className={cls}>
      {children}
    </Link>
  ) : (
    <a href={to} className={cls}>
      {children}
    </a>
  );
}

/** An inline text link in the brand colour, readable in both themes. */
export function TextLink({ to, children, className = "" }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link to={to} className={`font-semibold text-brand underline-offset-4 hover:underline ${className}`}>
      {children}
    </Link>
  );
}

/** A rounded icon tile that heads a card. */
export function IconTile({ children }: { children: ReactNode }) {
  return (
    <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-900/60 dark:text-brand-200">
      {children}
    </span>
  );
}

/** A card with an icon, an h3 title and body text. */
export function FeatureCard({
  icon,
  title,
  children,
  headingLevel = 3,
}: {
  icon: ReactNode;
  title: ReactNode;
  children: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className={`flex flex-col gap-4 ${cardClass}`}>
      <IconTile>{icon}</IconTile>
      <div>
        <Heading className="text-lg font-semibold text-strong">{title}</Heading>
        <div className="mt-2 text-body">{children}</div>
      </div>
    </div>
  );
}

/** A titled section of feature cards with a closing line: the shape the marketing pages share. */
export function FeatureSection({
  id,
  eyebrow,
  title,
  description,
  items,
  columns,
  className = "py-16 sm:py-24",
  footer,
}: {
  id: string;
  eyebrow: string;
  title: string;
  description?: string;
  items: readonly { icon: ReactNode; title: string; body: ReactNode }[];
  columns: 3 | 4;
  className?: string;
  footer?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <Container>
        <SectionHeading id={id} eyebrow={eyebrow} title={title} description={description} />
        <div className={`mt-12 grid gap-6 sm:grid-cols-2 ${columns === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}>
          {items.map((item) => (
            <FeatureCard key={item.title} icon={item.icon} title={item.title}>
              <p>{item.body}</p>
            </FeatureCard>
          ))}
        </div>
        {footer ? <p className="mt-10 text-center text-soft">{footer}</p> : null}
      </Container>
    </section>
  );
}

/** The intro of an inner page: its one h1, a lede and optional actions, on a soft brand wash. */
export function PageHero({
  eyebrow,
  title,
  children,
  actions,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="border-b border-subtle bg-hero">
      <Container className="py-14 text-center sm:py-20">
        {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
        <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance text-strong sm:text-5xl">
          {title}
        </h1>
        {children ? <div className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-soft">{children}</div> : null}
        {actions ? <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div> : null}
      </Container>
    </div>
  );
}
