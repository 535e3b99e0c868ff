-- functions: uuid_v7, uuid_v7_series
-- Time-ordered ids for members, their accounts and their movements (issue 15; docs/interest.md "Sixth pass").
--
-- Their ids were gen_random_uuid(). The savings interest release goes through the accounts in (member, account)
-- order, and every account's interest row and movements were written to a leaf page chosen at random by the account
-- id in the movements' index by account (member_transaction_saving_date_idx) and in the paid check
-- (saving_interest_once_uq): at a million accounts those indexes are several times the shared buffers, so nearly every
-- account read a page from disk and, after each checkpoint, wrote a full-page image to the WAL (pg_waldump over 30,000
-- accounts: 23,382 full-page images in the first index, 11,509 in the second, 70 % of 354 MB of WAL). With ids in
-- creation order, members and the accounts they open together follow each other, and so do those writes.
-- Existing rows keep their ids.
ALTER TABLE member ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE member_saving ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE deposit ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE loan ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE member_transaction ALTER COLUMN id SET DEFAULT uuid_v7();
