-- Fewer indexes to maintain on bulk uploads: lists filter by type and status
-- through member_list (walking the list order, totals from member_count), so
-- only the small set of members waiting for a step needs its own index (the
-- dashboard's prospective members).
DROP INDEX member_type_status_idx;
CREATE INDEX member_waiting_idx ON member (tenant_id, member_type, status) WHERE status IN ('WAITING_INTERVIEW', 'WAITING_APPROVAL');
