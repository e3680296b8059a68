// The checkbox the move form gains when "Mark as hired" fills the job's last opening (decision 075):
// checked by default, so the hire also closes the job and tells the undecided applicants; a post
// without it (unticked, or a form from before) only hires.
import { useTranslation } from "react-i18next";

/** Beside "Mark as hired" when that hire fills the job's last opening: checked, the hire closes the job too. */
export function CloseWithHire({ openings, undecidedOthers }: { openings: number; undecidedOthers: number }) {
  const { t } = useTranslation("review");
  return (
    <label className="flex basis-full items-start gap-2 text-sm">
      <input type="checkbox" name="close_job" value="on" defaultChecked className="mt-0.5" />
      <span>
        {undecidedOthers > 0 ? t("hire.closeAndTell", { count: undecidedOthers }) : t("hire.close")}
        <span className="block text-muted">
          {openings === 1 ? t("hire.onlyOpening") : t("hire.lastOpening", { count: openings })}
        </span>
      </span>
    </label>
  );
}
