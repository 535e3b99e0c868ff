-- The deposit interest release reads its deposits in (member, deposit) order (deposits.repo.ts dueDepositsAfter: a
-- member's deposits share a chunk, so chunks on two connections rarely wait on the same member's rows).
CREATE INDEX deposit_active_member_idx ON deposit (tenant_id, member_id, id) WHERE status = 'ACTIVE';
