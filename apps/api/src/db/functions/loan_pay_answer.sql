-- loan_pay_answer: the live definition (docs/contributing.md "SQL functions").
--
-- The answer of written loan payments (docs/loans.md "Payments", "Performance"): each payment of p_ids and its loan
-- after it, in the columns loans.views.ts (paymentView, loanView) reads, numerics as numerics (exact, parsed by the
-- decimal library). loan_pay_many joins it into its own answer (p_answer), so a route's batch needs no read after
-- the call. A plain SELECT: inlined into that statement (LANGUAGE sql, STABLE, no SET).
CREATE OR REPLACE FUNCTION loan_pay_answer(p_tenant uuid, p_ids uuid[])
 RETURNS TABLE(
               pay_id uuid, pay_loan_id uuid, pay_journal_id uuid, pay_kind text, pay_payment_date date,
               pay_amount numeric, pay_principal numeric, pay_interest numeric, pay_fine numeric, pay_source text,
               pay_saving_id uuid, pay_status text, pay_description text, pay_created_by_name text,
               pay_created_date timestamp with time zone, loan_id uuid, loan_loan_number text, loan_member_id uuid,
               loan_member_name text, loan_cif_number text, loan_product_id uuid, loan_product_name text,
               loan_product_code text, loan_terms_version integer, loan_status text, loan_amount numeric,
               loan_tenor integer, loan_interest_rate numeric, loan_interest_method text,
               loan_installment_method text, loan_rounding_multiple numeric, loan_due_day integer,
               loan_installment_amount numeric, loan_purpose text, loan_criteria text, loan_guarantor jsonb,
               loan_guarantor_verified boolean, loan_collateral_verified boolean, loan_interview_notes text,
               loan_survey_notes text, loan_tag text, loan_is_auto_debit boolean, loan_admin_fee numeric,
               loan_provision_fee numeric, loan_other_costs numeric, loan_net_disbursed numeric,
               loan_remaining_principal numeric, loan_principal_paid numeric,
               loan_principal_paid_before_migration numeric, loan_interest_paid numeric, loan_fine_paid numeric,
               loan_application_date date, loan_approved_date date, loan_release_date date,
               loan_first_installment_date date, loan_maturity_date date, loan_paid_off_date date,
               loan_decision_reason text, loan_description text, loan_officer_name text,
               loan_created_date timestamp with time zone)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT p.id, p.loan_id, p.journal_id, p.kind, p.payment_date, p.amount, p.principal, p.interest, p.fine, p.source,
         p.saving_id, p.status, p.description,
         nullif(btrim(coalesce(pu.first_name, '') || ' ' || coalesce(pu.last_name, '')), ''), p.created_date, l.id,
         l.loan_number, l.member_id, m.full_name, m.cif_number, l.product_id, pr.name, pr.code, l.terms_version,
         l.status, l.amount, l.tenor, l.interest_rate, l.interest_method, l.installment_method, l.rounding_multiple,
         l.due_day, l.installment_amount, l.purpose, l.criteria, l.guarantor, l.guarantor_verified,
         l.collateral_verified, l.interview_notes, l.survey_notes, l.tag, l.is_auto_debit, l.admin_fee,
         l.provision_fee, l.other_costs, l.net_disbursed, l.remaining_principal, l.principal_paid,
         l.principal_paid_before_migration, l.interest_paid, l.fine_paid, l.application_date, l.approved_date,
         l.release_date, l.first_installment_date, l.maturity_date, l.paid_off_date, l.decision_reason, l.description,
         nullif(btrim(coalesce(lu.first_name, '') || ' ' || coalesce(lu.last_name, '')), ''), l.created_date
    FROM loan_payment p
    JOIN loan l ON l.tenant_id = p.tenant_id AND l.id = p.loan_id
    JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id
    JOIN product pr ON pr.tenant_id = l.tenant_id AND pr.id = l.product_id
    LEFT JOIN app_user pu ON pu.tenant_id = p.tenant_id AND pu.id = p.created_by
    LEFT JOIN app_user lu ON lu.tenant_id = l.tenant_id AND lu.id = l.officer_id
   WHERE p.tenant_id = p_tenant AND p.id = ANY (p_ids)
$function$;
REVOKE ALL ON FUNCTION loan_pay_answer(uuid, uuid[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION loan_pay_answer(uuid, uuid[]) TO koperasi_app;
