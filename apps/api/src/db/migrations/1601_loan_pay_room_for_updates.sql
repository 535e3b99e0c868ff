-- Room on the pages that every loan payment updates, so the update stays on its page (HOT: no index entry written,
-- no index page dirtied) (docs/loans.md "Performance", 27 Nov 2026, loanpay). Applies to pages filled from now on.
--
-- loan_installment: a payment updates one or two installments of a schedule written at release. On full pages
-- (fillfactor 100) about half of those updates moved the row to another page and wrote an entry in each of its three
-- indexes (the bench book: 10,533 of 22,350 HOT). A payment that settles an installment still leaves the page
-- (paid_date is in loan_installment_due_idx's predicate); the others now stay.
ALTER TABLE loan_installment SET (fillfactor = 90);

-- idempotency_key: every money request inserts its key (the claim) and, in the same transaction, stores its answer
-- in it (about 1.4 kB compressed for a loan payment). With the claims packed on full pages the answer went to another
-- page and two index entries more (pkey and expiry) were written per request: 6 % of those updates were HOT on the
-- bench book. At fillfactor 10 a page takes a few claims and their answers: every update HOT (5,000 of 5,000 in the
-- same measurement), and the table is no larger (a page held about four answered keys either way).
ALTER TABLE idempotency_key SET (fillfactor = 10);
