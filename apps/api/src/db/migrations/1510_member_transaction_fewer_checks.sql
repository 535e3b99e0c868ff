-- Savings issue 11, fifth pass (docs/savings.md): less work per movement row and per balance update.
--
-- 1. One foreign key to the account instead of four. A movement row was checked against tenant, member, product and
--    member_saving (or deposit): four lookups, each a query with its own executor start-up at the end of the
--    statement, and four FOR KEY SHARE locks (the cooperative's one tenant row among them, shared by every
--    concurrent movement). Now the row's (tenant, account, member, product) must be an account's own: one lookup
--    on member_saving (or deposit), whose own keys give member, product and tenant. Stronger than before: a row
--    can no longer name a member or product other than its account's. Every row names exactly one account
--    (a module adding its own account column, e.g. loan_id, extends the CHECK and adds the same composite key).
CREATE UNIQUE INDEX member_saving_owner_uq ON member_saving (tenant_id, id, member_id, product_id);
CREATE UNIQUE INDEX deposit_owner_uq ON deposit (tenant_id, id, member_id, product_id);
ALTER TABLE member_transaction
  ADD CONSTRAINT member_transaction_one_account_ck CHECK (num_nonnulls(saving_id, deposit_id) = 1),
  ADD CONSTRAINT member_transaction_saving_owner_fk FOREIGN KEY (tenant_id, saving_id, member_id, product_id)
    REFERENCES member_saving (tenant_id, id, member_id, product_id),
  ADD CONSTRAINT member_transaction_deposit_owner_fk FOREIGN KEY (tenant_id, deposit_id, member_id, product_id)
    REFERENCES deposit (tenant_id, id, member_id, product_id);
ALTER TABLE member_transaction
  DROP CONSTRAINT member_transaction_tenant_id_fkey,
  DROP CONSTRAINT member_transaction_tenant_id_member_id_fkey,
  DROP CONSTRAINT member_transaction_tenant_id_product_id_fkey,
  DROP CONSTRAINT member_transaction_tenant_id_saving_id_fkey,
  DROP CONSTRAINT member_transaction_deposit_fk;

-- 2. member_transaction_product_idx (tenant, product, date) duplicated member_transaction_date_idx (tenant, date,
--    product): its one reader, the product report (savings.product-reports.repo.ts: a product's movements of a month
--    and before it), reads date_idx with the product as an index condition (EXPLAIN in docs/savings.md).
DROP INDEX member_transaction_product_idx;

-- 3. Room on member_saving's pages so a balance update stays on its page (HOT: no index entry written). None of the
--    columns a movement changes (balance, totals, last_transaction_date, updated_by, updated_date) is indexed.
ALTER TABLE member_saving SET (fillfactor = 80);
