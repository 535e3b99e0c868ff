-- Time-ordered ids for the other insert-heavy tables (docs/contributing.md: "Ids of large, insert-heavy tables are
-- time-ordered"; migration 1660 did members, accounts and movements).
--
-- Their ids were gen_random_uuid(), so each new row's primary-key entry went to a random leaf page: loan schedules (a
-- row per installment, tenor x loans: 12,000,000 in the loans bench), loan payments and their events, term-deposit
-- interest, bills and their payments, business-unit transactions, savings interest rows (their writer gives v7 ids;
-- the default is for the others), consolidation lines. Measured (PostgreSQL 15, one INSERT ... SELECT of 3,000,000
-- rows into a table keyed (tenant_id, id), this machine): random ids 28.2 s and 763 MB of WAL, uuid_v7() 18.9 s and 632
-- MB, the function's own cost included. Existing rows keep their ids; uuid_v7 exists since migration 1660
-- (which applies db/functions/uuid_v7.sql in its own transaction).
ALTER TABLE loan_installment ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE loan_payment ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE loan_event ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE deposit_interest ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE bill ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE bill_installment ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE bill_payment ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE business_unit_transaction ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE saving_interest ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE interest_consolidation_line ALTER COLUMN id SET DEFAULT uuid_v7();
