-- One index by account on the movements, not two; the balance at a day from the movements dated after it (issues 11,
-- 12, 15; docs/interest.md "The balance at a day").
--
-- member_transaction had two indexes led by the account: member_transaction_saving_idx (tenant, saving_id, seq) from
-- 0400 and member_transaction_saving_date_idx (tenant, saving_id, transaction_date, seq) INCLUDE (balance_after) from
-- 1011. Every savings movement paid an entry in both, each in a leaf page chosen by the account, i.e. at random: at a
-- million accounts a page read and a dirty page per movement and per index.
--
-- The balance of an account at the end of a day is now its balance less the movements dated after that day (the
-- interest basis, the balance reports), as the ledger dates each movement's journal: balance_after is the balance in
-- entry order and put a movement dated before rows already entered (an interest release dated at its period's end
-- and posted after the next month's deposits, a loan paid out with an earlier date) on the wrong days. So the dated
-- index carries the movement's kind and amount instead of balance_after, and is the only index by account:
--   - the balance at a day and the interest basis: the rows dated after the day (a range of it);
--   - an account's statement and mutation pages (between two days, by seq): a range of it, sorted by seq;
--   - the passbook's opening balance (entry order): the rows before its start, the last by seq.
DROP INDEX member_transaction_saving_idx;
DROP INDEX member_transaction_saving_date_idx;
CREATE INDEX member_transaction_saving_date_idx ON member_transaction (tenant_id, saving_id, transaction_date, seq)
  INCLUDE (kind, amount) WHERE saving_id IS NOT NULL;
