// A job description (or requirements) in the small Markdown subset of lib/rich-text.ts: headings,
// bullet lists, paragraphs and bold, every piece rendered as escaped text.
import { Fragment } from "react";
import { inlineParts, parseRichText } from "#lib/rich-text.ts";

/** One line with its bold pieces; React escapes every piece. */
function Inline({ text }: { text: string }) {
  return (
    <>
      {inlineParts(text).map((part, i) =>
        part.strong ? (
          <strong key={i} className="font-semibold text-fg">
            {part.text}
          </strong>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

export function RichText({ text, className = "" }: { text: string; className?: string }) {
  return (
    <div className={`mt-2 grid gap-3 text-soft ${className}`}>
      {parseRichText(text).map((block, i) =>
        block.kind === "heading" ? (
          <h3 key={i} className="mt-2 text-base font-semibold text-fg">
            <Inline text={block.text} />
          </h3>
        ) : block.kind === "list" ? (
          <ul key={i} className="grid list-disc gap-1 pl-5 marker:text-slate-400">
            {block.items.map((item, j) => (
              <li key={j}>
                <Inline text={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={i} className="whitespace-pre-line">
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j ? "\n" : null}
                <Inline text={line} />
              </Fragment>
            ))}
          </p>
        ),
      )}
    </div>
  );
}
