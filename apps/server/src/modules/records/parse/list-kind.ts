import type { UploadRowError } from '@portal/contract/records';
import type { CopyValue } from '../../../platform/copy-text.ts';
import type { Cell } from './cell-values.ts';

/** Columns as a file names them: which field each column is, and every header as written. */
export interface HeaderMap<F extends string = string> {
  /** Column index → canonical field. */
  fields: Map<number, F>;
  /** Column index → header as written, for every column (unknown ones are kept in originalUploadData). */
  headers: string[];
  /** Canonical field → header as written (for error messages). */
  labelOf: Partial<Record<F, string>>;
}

/** One data row → its normalised row, or the reasons it is refused; null for a row with no value. */
export type RowResult<R> = { row: R } | { errors: UploadRowError[] } | null;

/**
 * A list an HR or pay office uploads (the master list, separations, …): what the one upload
 * machinery (parse-upload.ts, the ingest worker) needs to know of it. Everything else (formats,
 * title rows, several sheets, batches, row errors, all-or-nothing) is the same for every list.
 */
export interface ListKind<F extends string, R, X = undefined> {
  /** Short name, for messages and logs. */
  name: string;
  /**
   * `import.meta.url` of the module that exports this kind as `listKind`: the ingest worker runs in
   * a thread of its own and imports the kind from there (functions do not cross threads).
   */
  moduleUrl: string;
  /** Header spellings seen in real files, after normaliseHeader(), per field. */
  aliases: Record<F, readonly string[]>;
  /** The required columns a file's header row lacks, by label ('PSN or NIN'); empty when none. */
  missingColumns(labelOf: Partial<Record<F, string>>): string[];
  /** The per-row checks: a normalised row, or its row errors. */
  normalise(cells: Cell[], rowNumber: number, map: HeaderMap<F>): RowResult<R>;
  /** A row's values in the column order of its COPY staging table. */
  copyRow(row: R): readonly CopyValue[];
  /** What a batch of valid rows tells the database besides the rows (the master list: names to create). */
  extraOf?(rows: R[]): X;
}

/** A kind whose field, row and extra types are not known here (the worker, which imports it by URL). */
export type AnyListKind = ListKind<string, unknown, unknown>;
