-- Cash or bank: which accounts under Kas dan Bank (101) hold notes and coins (CASH) and which are bank
-- accounts (BANK). docs/teller.md "Cash and bank accounts". A user who must work in a teller session moves
-- cash only through her own session's drawer; naming another CASH account is refused, BANK accounts stay
-- allowed. NULL: not a cash or bank account, or not classified yet (the rule refuses nothing for it).

-- Only postable accounts below 101 carry one: the COA service enforces it (COA_CASH_KIND_INVALID) and drops the
-- kind when an account becomes a header or leaves 101.
ALTER TABLE coa_account ADD COLUMN cash_kind text CHECK (cash_kind IN ('CASH', 'BANK'));

-- Every existing cooperative: the postable accounts below Kas dan Bank (system key CASH_BANK or code 101)
-- are BANK when their name says so (bank, giro, rekening), else CASH.
WITH RECURSIVE below AS (
  SELECT c.tenant_id, c.id FROM coa_account c WHERE c.system_key = 'CASH_BANK' OR (c.code = '101' AND NOT c.is_postable)
  UNION
  SELECT c.tenant_id, c.id FROM coa_account c JOIN below b ON c.tenant_id = b.tenant_id AND c.parent_id = b.id
)
UPDATE coa_account a
   SET cash_kind = CASE WHEN a.name ~* '(bank|giro|rekening)' THEN 'BANK' ELSE 'CASH' END
  FROM below b
 WHERE a.tenant_id = b.tenant_id AND a.id = b.id AND a.is_postable AND a.cash_kind IS NULL;
