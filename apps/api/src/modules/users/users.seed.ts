/**
 * The users module's demo data: the demo cooperative's organization (branches, areas) and its teller and agent.
 */
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import type { Ctx } from '../../lib/context.ts';
import { hashPassword } from '../../lib/password.ts';
import type { TenantSeedInfo } from '../types.ts';

/** Password of the demo teller and agent (same as the demo admin's, see README). */
export const DEMO_STAFF_PASSWORD = 'Demo12345!';

/**
 * Demo organization: two branches, three areas, a teller holding Kas Teller
 * and an agent holding a cash account of their own. In the demo cooperative
 * the staff sign in as teller@koperasi.id and agent@koperasi.id; any other
 * cooperative seeded this way (tests) gets unique addresses and no passwords.
 */
export async function seedOrganization(tx: Tx, ctx: Ctx, info: TenantSeedInfo) {
  const t = info.tenantId;
  const branch = async (code: string, name: string, address: string, phone: string) =>
    (await tx.one<{ id: string }>(
      `INSERT INTO branch (tenant_id, code, name, address, phone, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
      [t, code, name, address, phone, info.adminUserId],
    ))!.id;
  const pusat = await branch('PST', 'Kantor Pusat', 'Jl. Malioboro No. 12, Yogyakarta', '+62274512345');
  const sleman = await branch('SLM', 'Cabang Sleman', 'Jl. Kaliurang Km 7, Sleman', '+62274887766');
  const area = async (name: string, description: string, branchId: string) =>
    (await tx.one<{ id: string }>(
      `INSERT INTO area (tenant_id, name, description, branch_id, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
      [t, name, description, branchId, info.adminUserId],
    ))!.id;
  await area('Kota Yogyakarta', 'Kecamatan Gondokusuman, Danurejan dan Gedongtengen', pusat);
  const ngaglik = await area('Sleman Utara', 'Kecamatan Ngaglik dan Pakem', sleman);
  await area('Sleman Barat', 'Kecamatan Godean dan Seyegan', sleman);

  const roles = await tx.query<{ id: string; code: string }>(`SELECT id, code FROM role WHERE tenant_id = $1 AND code IS NOT NULL`, [t]);
  const roleId = (code: string) => roles.find((r) => r.code === code)!.id;
  const coa = async (code: string) =>
    (await tx.one<{ id: string }>('SELECT id FROM coa_account WHERE tenant_id = $1 AND code = $2', [t, code]))?.id;

  // The agent's own cash account under 101 (created if the chart has no 10110 yet).
  const cashBank = await tx.one<{ id: string }>(`SELECT id FROM coa_account WHERE tenant_id = $1 AND system_key = 'CASH_BANK'`, [t]);
  let agentCash = await coa('10110');
  if (!agentCash && cashBank) {
    agentCash = (await tx.one<{ id: string }>(
      `INSERT INTO coa_account (tenant_id, code, name, parent_id, type, normal_balance, is_postable)
       VALUES ($1, '10110', 'Kas Agen - Budi Santoso', $2, 'ASSET', 'DEBIT', true) RETURNING id`,
      [t, cashBank.id],
    ))!.id;
  }
  const tellerCash = await coa('10103');

  const suffix = info.demo ? '' : `+${t.slice(0, 8)}`;
  const domain = info.demo ? 'koperasi.id' : 'demo.koperasi.id';
  const password = info.demo ? await hashPassword(DEMO_STAFF_PASSWORD) : null;
  const user = async (u: {
    first: string;
    last: string;
    email: string;
    role: string;
    position: string;
    branchId: string;
    areaId: string | null;
    coaId: string | null | undefined;
    ao: boolean;
  }) => {
    const row = await tx.one<{ id: string }>(
      `INSERT INTO app_user (tenant_id, first_name, last_name, email, password_hash, password_changed_at, role_id, position,
                             is_account_officer, branch_id, area_id, coa_id, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $5::text IS NOT NULL THEN now() END, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
      [t, u.first, u.last, u.email, password, roleId(u.role), u.position, u.ao, u.branchId, u.areaId, u.coaId ?? null, info.adminUserId],
    );
    await audit(tx, ctx, { action: 'user.create', entity: 'app_user', entityId: row!.id, after: { ...u, seed: 'demo' } });
  };
  await user({
    first: 'Siti',
    last: 'Rahmawati',
    email: `teller${suffix}@${domain}`,
    role: 'TELLER',
    position: 'PEGAWAI',
    branchId: pusat,
    areaId: null,
    coaId: tellerCash,
    ao: false,
  });
  await user({
    first: 'Budi',
    last: 'Santoso',
    email: `agent${suffix}@${domain}`,
    role: 'AGENT',
    position: 'PEGAWAI',
    branchId: sleman,
    areaId: ngaglik,
    coaId: agentCash,
    ao: true,
  });
  await tx.exec('UPDATE app_user SET branch_id = $3 WHERE tenant_id = $1 AND id = $2 AND branch_id IS NULL', [t, info.adminUserId, pusat]);
}
