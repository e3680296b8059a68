// Job alerts' send time: "07:00 in [zone]", a plain POST form (works without JavaScript), and the
// hidden field a new alert carries with the browser's zone, filled in once the page is running.
import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { labelClass } from "#app/components/ui/field.tsx";

export function AlertTimeZone({
  zone,
  zones,
  selectClass,
  buttonClass,
}: {
  zone: string;
  zones: string[];
  selectClass: string;
  buttonClass: string;
}) {
  const { t } = useTranslation("alerts");
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="time-zone" />
      <div>
        <label htmlFor="alert-time-zone" className={labelClass}>
          {t("zoneLabel")}
        </label>
        <select id="alert-time-zone" name="time_zone" defaultValue={zone} className={selectClass}>
          {zones.map((z) => (
            <option key={z}>{z}</option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass}>
        {t("saveZone")}
      </button>
    </Form>
  );
}

/** The browser's zone for a new alert (empty without JavaScript: the server then keeps UTC). */
export function BrowserZoneField() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (field.current) field.current.value = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  }, []);
  return <input ref={field} type="hidden" name="browser_zone" defaultValue="" />;
}
