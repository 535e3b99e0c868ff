-- Room on the pages for the updates the batch jobs make (docs/interest.md "Seventh pass").
--
-- member_saving: the month-end interest release updates every savings account once, in chunks of consecutive accounts,
-- each chunk one transaction, so every row of a page gets its new version before any old one can be pruned. At
-- fillfactor 80 a page had room for the new versions of about a fifth of its rows; the others moved to another page and
-- wrote an entry in each of the table's nine indexes (19 % of the balance updates heap-only in the first release of the
-- 100,000-account bench). At 50 each row of a page has room for one new version: every update heap-only (100,000 of
-- 100,000), the teller's as well. The table takes ~1.6 times the pages (26 MB against 41 MB for 100,000 accounts).
--
-- member_transaction: insert-only on every hot path now that the journals are linked when the row is written (savings
-- batches and movements, loans, deposits, interest). 75 (migration 0402, for the journal link then written at COMMIT)
-- left a quarter of every page empty: 142 MB against 106 MB for the bench's 329,000 movements. 90 keeps room for the rare
-- update in place (a cancellation's status, the link at COMMIT of a row written without its journal).
--
-- Applies to the pages written from now on; a cooperative's existing pages keep their fill until the table is
-- rewritten (VACUUM FULL or pg_repack, at the operator's choice).
ALTER TABLE member_saving SET (fillfactor = 50);
ALTER TABLE member_transaction SET (fillfactor = 90);
