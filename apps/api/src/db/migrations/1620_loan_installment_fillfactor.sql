-- A loan payment updates one or two installments of its schedule (principal, interest and fine paid, the paid date
-- once settled). Schedules are stored whole when a loan is released, so their pages were full and 63 % of those
-- updates could not stay on their page (HOT): each wrote a new row version elsewhere and an entry in each of the
-- schedule's three indexes, and the most pages written per payment. With a tenth of each page left free, 84-86 % of
-- the updates stay HOT on the 100,000-loan bench book and a payment writes about a third less WAL
-- (docs/loans.md "Performance", 27 Nov 2026). New schedules only: existing pages are not rewritten here.
ALTER TABLE loan_installment SET (fillfactor = 90);
