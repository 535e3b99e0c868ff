-- The savings interest release reads its accounts in (member, account) order (interest.repo.ts releaseAccountsAfter:
-- a member's accounts share a chunk, so chunks on two connections rarely wait on the same member's tax month row).
-- The wider index serves every use of member_saving_member_idx (tenant_id, member_id) too.
CREATE INDEX member_saving_member_id_idx ON member_saving (tenant_id, member_id, id);
DROP INDEX member_saving_member_idx;
