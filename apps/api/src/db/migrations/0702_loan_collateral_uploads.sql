-- Collateral photos as uploaded (docs/loans.md "Collateral photos"): one row per file put in storage by
-- POST {id}/collateral-photo. A photo that no collateral of its loan names (loan_collateral.photos holds its url)
-- a day after its upload is deleted from storage with its row by the daily job loans.photo-cleanup.
CREATE TABLE loan_collateral_upload (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  photo_id uuid NOT NULL,
  loan_id uuid NOT NULL,
  storage_key text NOT NULL,
  url text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  uploaded_by uuid,
  PRIMARY KEY (tenant_id, photo_id),
  FOREIGN KEY (tenant_id, loan_id) REFERENCES loan (tenant_id, id)
);
CREATE INDEX loan_collateral_upload_at_idx ON loan_collateral_upload (tenant_id, uploaded_at);
ALTER TABLE loan_collateral_upload ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON loan_collateral_upload USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
