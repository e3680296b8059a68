// The closing call to action of a public page: an h2, a line of text and up to two links.
import type { ReactNode } from "react";
import { ButtonLink, Container } from "./ui.tsx";

export function CtaBand({
  id,
  title,
  children,
  primary,
  secondary,
}: {
  id: string;
  title: ReactNode;
  children?: ReactNode;
  primary: { to: string; label: string };
  secondary?: { to: string; label: string };
}) {
  return (
    <section aria-labelledby={id} className="py-16 sm:py-20">
      <Container>
        <div className="rounded-3xl bg-brand-700 px-6 py-12 text-center shadow-lg sm:px-12 sm:py-16 dark:bg-brand-900">
          <h2
            id={id}
            className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
          >
            {title}
          </h2>
          {children ? <div className="mx-auto mt-4 max-w-xl text-lg text-brand-50">{children}</div> : null}
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to={primary.to} variant="inverse">
              {primary.label}
            </ButtonLink>
            {secondary ? (
              <ButtonLink to={secondary.to} variant="outlineInverse">
                {secondary.label}
              </ButtonLink>
            ) : null}
          </div>
        </div>
      </Container>
    </section>
  );
}
