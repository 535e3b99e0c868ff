-- Data migration wizard (issue 17): the principal a migrated loan's member paid in the old books, before the
-- migration. It is part of loan.principal_paid (so amount - principal_paid = remaining_principal for every
-- loan) and is held by the schedule's installments marked paid before the migration (no payment row, no
-- journal: those payments predate the books). As-of-date reports add it to the posted payments.
ALTER TABLE loan ADD COLUMN principal_paid_before_migration numeric(20,2) NOT NULL DEFAULT 0
  CHECK (principal_paid_before_migration >= 0);
