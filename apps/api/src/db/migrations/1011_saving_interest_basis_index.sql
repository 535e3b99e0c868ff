-- The savings interest release's balance basis (saving_interest_chunk; interest.core.ts dailyBalancesOf) reads, per
-- account, the last movement before the period and each date's last movement inside it. The only index by account,
-- member_transaction_saving_idx (tenant_id, saving_id, seq), made that read every movement the account ever had (the
-- date a filter): a month-end release over accounts with years of history read all of it. This one finds both by
-- (account, date) and carries the balance, so the release touches only the period's movements.
CREATE INDEX member_transaction_saving_date_idx ON member_transaction (tenant_id, saving_id, transaction_date, seq)
  INCLUDE (balance_after) WHERE saving_id IS NOT NULL;
