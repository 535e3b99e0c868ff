-- Sign-in throttling with growing delays (issue 18): the time of a counter's
-- last hit, so a source must wait longer after each failure.
ALTER TABLE auth_throttle ADD COLUMN last_hit timestamptz;
