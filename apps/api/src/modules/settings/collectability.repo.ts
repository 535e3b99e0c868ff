/** SQL of the collectability grades (collectability.ts holds the rules: ranges, defaults, calculation type). */
import type { CollectabilityCalculationType, CollectabilityGrade } from '@koperasi/contracts';
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export interface CollectabilitySettingRow {
  id: string;
  grade: CollectabilityGrade;
  level: number;
  days_late_from: number;
  days_late_until: number | null;
  calculation_type: CollectabilityCalculationType;
  allowance_percent: Dec;
}

export function findCollectabilityRows(tx: Tx, tenantId: string) {
  return tx.query<CollectabilitySettingRow>(
    `SELECT id, grade, level, days_late_from, days_late_until, calculation_type, allowance_percent
     FROM collectability_setting WHERE tenant_id = $1 ORDER BY level`,
    [tenantId],
  );
}

export interface GradeFields {
  grade: CollectabilityGrade;
  level: number;
  daysLateFrom: number;
  daysLateUntil: number | null;
  allowancePercent: string;
}

/** Inserts the grades a tenant does not have yet (grades it has are left as they are). */
export async function insertMissingGrades(
  tx: Tx,
  tenantId: string,
  grades: Array<{ grade: string; level: number; f: number; u: number | null; p: unknown }>,
  calc: CollectabilityCalculationType,
): Promise<void> {
  await tx.exec(
    `INSERT INTO collectability_setting (tenant_id, grade, level, days_late_from, days_late_until, calculation_type, allowance_percent)
     SELECT $1, x.grade, x.level, x.f, x.u, $3, x.p
     FROM jsonb_to_recordset($2::jsonb) AS x(grade text, level int, f int, u int, p numeric)
     ON CONFLICT (tenant_id, grade) DO NOTHING`,
    [tenantId, JSON.stringify(grades), calc],
  );
}

/** Inserts or replaces one grade's range, allowance and the calculation type. */
export async function upsertGrade(
  tx: Tx,
  tenantId: string,
  g: GradeFields,
  calc: CollectabilityCalculationType,
  userId: string | null,
): Promise<void> {
  await tx.exec(
    `INSERT INTO collectability_setting (tenant_id, grade, level, days_late_from, days_late_until, calculation_type, allowance_percent, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (tenant_id, grade) DO UPDATE SET days_late_from = EXCLUDED.days_late_from, days_late_until = EXCLUDED.days_late_until,
       calculation_type = EXCLUDED.calculation_type, allowance_percent = EXCLUDED.allowance_percent, updated_by = EXCLUDED.updated_by`,
    [tenantId, g.grade, g.level, g.daysLateFrom, g.daysLateUntil, calc, g.allowancePercent, userId],
  );
}
