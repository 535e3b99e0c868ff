-- Term deposits (issue 13): the monthly release updates every running deposit once a month (paid through, totals).
-- With room left on each page the new row version stays on its page (a HOT update: no index touched), which made
-- the update of a release chunk about 5 times cheaper in `bench -- deposits` (docs/deposits.md "Throughput").
ALTER TABLE deposit SET (fillfactor = 70);
