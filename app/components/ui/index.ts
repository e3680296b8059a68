// The UI primitives, one import: form fields and buttons, the confirmation notice, cards and
// badges, and the shared link styles.
export { Field, FieldErrors, Notice, ErrorBox, FormError, SubmitButton, RequiredMark } from "../forms.tsx";
export { Card, StatusBadge } from "../job-bits.tsx";
export { textLink, smallTextLink } from "./styles.ts";
export { Button, ButtonLink, buttonClass, IntentButton, type ButtonVariant, type ButtonSize } from "./button.tsx";
export { Badge, type BadgeTone } from "./badge.tsx";
export { cardClass } from "./card.tsx";
export { SelectField, TextAreaField, labelClass } from "./field.tsx";
export { FlashNotice, usePageNotice, type PageNotice } from "./notice.tsx";
