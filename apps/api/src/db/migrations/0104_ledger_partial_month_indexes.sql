-- Statements on a day inside a month read that month's lines up to the day.
-- A covering index lets them sum the lines from the index alone (no journal
-- join), and a small partial index finds the few adjustment and closing
-- journals whose parts are reported apart.
CREATE INDEX journal_line_date_cover_idx ON journal_line (tenant_id, date) INCLUDE (account_id, business_unit_id, debit, credit);
CREATE INDEX journal_flagged_idx ON journal (tenant_id, date) WHERE is_adjustment OR is_closing;
