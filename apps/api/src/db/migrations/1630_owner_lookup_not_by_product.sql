-- The movements' account check must find the account by its key, not by its product (docs/migration.md "Confirming
-- at scale").
--
-- member_transaction's composite foreign keys (1510) look an account up by (tenant, id, member, product). Before
-- member_saving or deposit has statistics (a new cooperative's first bulk load: the migration wizard's confirm, which
-- inserts the accounts and their opening movements in one statement), the planner saw one matching row in every
-- candidate index and took the smallest, the (tenant, product, status) index, deduplicated to a few pages because a
-- product holds many accounts: each movement's check then read every account of the product. Confirming 40,000
-- savings accounts took 42.9 s (1,072 us a row, quadratic) instead of ~1.5 s; the issue's 200,000 would have taken
-- about 25 times as long.
--
-- The product indexes become partial on `status IS NOT NULL` (the column is NOT NULL, so every row is in them): every
-- query that names a status (=, IN, <>, a parameter) implies the predicate and may still use them, a lookup that names
-- no status (the foreign key's) cannot, and takes the primary key or the owner key, which find the one account.
-- owner-lookup-plan.test.ts checks the plan on a copy of each table without statistics.
DROP INDEX member_saving_product_idx;
CREATE INDEX member_saving_product_idx ON member_saving (tenant_id, product_id, status) WHERE status IS NOT NULL;
DROP INDEX deposit_product_idx;
CREATE INDEX deposit_product_idx ON deposit (tenant_id, product_id, status) WHERE status IS NOT NULL;
