// What each module holds about an account, for "Export my data" and "Delete my account". Identity
// can't import the modules above it (they import identity), so each module registers one holder
// here (its wire function, called at boot by wiring.ts), as applications registers its counter with
// hiring. A module added later plugs in with one `registerAccountData` call; nothing here changes.

/** The account being exported or erased, as it was when the work began. */
export interface AccountRef {
  id: string;
  email: string;
  role: "candidate" | "employer";
  fullName: string | null;
}

/** A stored file for the export: its storage key and where it goes in the zip ("resumes/cv.pdf"). */
export interface ExportedFile {
  path: string;
  storageKey: string;
}

/** One module's part of the export: JSON documents by file name ("jobs.json") and stored files. */
export interface AccountExportPart {
  json?: Record<string, unknown>;
  files?: ExportedFile[];
}

export interface AccountDataHolder {
  /** The area's name, for logs ("applications"). */
  name: string;
  /**
   * The columns naming the account ("saved_jobs.candidate_id") whose rows this holder's export
   * includes. A test walks every such column in the database and fails on one nobody covers.
   */
  exports?: string[];
  /**
   * What the area holds about the account, written for the account's owner: their own data only,
   * never another person's personal data or a secret (hashes, tokens, keys, private notes).
   */
  exportData?(account: AccountRef): Promise<AccountExportPart>;
  /**
   * Erases (or anonymises) the area's rows about the account. Runs inside the deletion's
   * transaction (use `em()`/`transaction()` from lib/db.ts, which join it; enqueue joins it too),
   * before identity deletes the account row, in no particular order among holders. Returns the
   * storage keys of files to delete once the transaction has committed.
   */
  erase?(account: AccountRef): Promise<string[] | void>;
}

const holders = new Map<string, AccountDataHolder>();

/** Called once by each module that keeps data about accounts (registering a name again replaces it). */
export function registerAccountData(holder: AccountDataHolder): void {
  holders.set(holder.name, holder);
}

export function accountDataHolders(): AccountDataHolder[] {
  return [...holders.values()];
}
