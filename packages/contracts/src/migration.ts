/**
 * Data migration wizard (spec section 7 "Migration", docs/migration.md): the
 * query schemas of the calls and the shapes the web screens read.
 */
import { z } from 'zod';

/** The spec's path words; the type of GET migration/data-<word> and POST migration/<word>. */
export const MIGRATION_DATA_TYPES = ['members', 'savings', 'deposits', 'loans'] as const;
export type MigrationDataType = (typeof MIGRATION_DATA_TYPES)[number];
/** Confirm and reset also take the opening balance sheet. */
export const MIGRATION_STEP_TYPES = ['members', 'savings', 'deposits', 'loans', 'neraca'] as const;
export type MigrationStepType = (typeof MIGRATION_STEP_TYPES)[number];

const lowerEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(values, { error: 'migration.type_invalid' }));

export const migrationStepTypeField = lowerEnum(MIGRATION_STEP_TYPES);
export const migrationDataTypeField = lowerEnum(MIGRATION_DATA_TYPES);

export const migrationListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
  status: z.enum(['VALID', 'FAILED', 'POSTED']).optional(),
  /** xlsx: the rows as a workbook (with status=FAILED: the correction file). */
  format: z.string().optional(),
});

/** The note of a migrated loan's installments paid in the old books before the migration (no payment, no journal). */
export const MIGRATION_PAID_NOTE = 'Dibayar sebelum migrasi';

export const migrationConfirmQuery = z.object({ type: migrationStepTypeField });
export const migrationTemplateParams = z.object({ type: migrationDataTypeField });
/** {type}/reset-confirm-step-{n}: n is the wizard step to go back to (1 upload data, 2 adjust account recording, 3 review and process). */
export const migrationResetParams = z.object({
  type: migrationStepTypeField,
  n: z.coerce
    .number({ message: 'migration.reset_step_invalid' })
    .int('migration.reset_step_invalid')
    .min(1, 'migration.reset_step_invalid')
    .max(3, 'migration.reset_step_invalid'),
});
/** type: json (default, the accounts with their uploaded balances) or xlsx (the template to fill). */
export const migrationNeracaQuery = z.object({ type: z.string().optional(), format: z.string().optional() });

export interface MigrationCellError {
  row: number;
  column: string;
  message: string;
}

export interface MigrationStagedRow {
  rowNumber: number;
  status: 'VALID' | 'FAILED' | 'POSTED';
  data: Record<string, string>;
  errors: MigrationCellError[];
  entityId: string | null;
}

export interface MigrationUploadResult {
  type: string;
  rows: number;
  valid: number;
  failed: number;
  total: string;
}

export interface MigrationReview {
  types: Array<{ type: string; valid: number; failed: number; posted: number; total: string }>;
  accounts: Array<{ coaId: string; code: string; name: string; type: string; opening: string; subLedger: string; difference: string }>;
  differences: Array<{ coaId: string; code: string; name: string; type: string; opening: string; subLedger: string; difference: string }>;
  neraca: { totalDebit: string; totalCredit: string; balanced: boolean; difference: string };
  temporaryAccount: { id: string; code: string; name: string; balance: string } | null;
  ready: boolean;
}

export interface MigrationCheck {
  steps: Array<{
    type: string;
    uploaded: boolean;
    confirmed: boolean;
    confirmedAt: string | null;
    rows: number;
    failed: number;
    total: string;
    journalId: string | null;
  }>;
  done: boolean;
  temporaryBalance: string;
}

export interface MigrationNeraca {
  accounts: Array<{
    id: string;
    code: string;
    name: string;
    type: string;
    normalBalance: 'DEBIT' | 'CREDIT';
    isPostable: boolean;
    subLedger: string | null;
    isTemporary: boolean;
    debit: string;
    credit: string;
  }>;
  totalDebit: string;
  totalCredit: string;
  balanced: boolean;
  confirmed: boolean;
}
