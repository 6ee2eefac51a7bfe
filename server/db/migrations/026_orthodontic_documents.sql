-- Research 4.3's orthodontic columns as written: the payment receipt on every orthodontic claim, the first
-- and each later instalment ("Y" in both, whoever is paid: each instalment is a payment to the orthodontist
-- the file has to prove), and the prior authorisation on the treatment's first claim (R7: mandatory for
-- orthodontics). Migration 011 had put the receipt under HOLDER_PAYEE in all three columns and left the
-- prior authorisation at NEVER for orthodontics.
-- The general column keeps HOLDER_PAYEE for "COMPROBANTE_PAGO if the invoice is not marked paid": a claim
-- records no paid mark on its invoice, a holder reimbursed is one who paid (so the receipt proves it), and a
-- provider paid directly has an invoice that by its nature is not paid yet, for which no receipt exists.
-- Only cells still at what the earlier migrations wrote are changed: an administrator's edit stands.
UPDATE required_documents SET orthodontic_initial = 'ALWAYS', version = version + 1, updated_at = now() WHERE document_type = 'PAYMENT_RECEIPT' AND orthodontic_initial = 'HOLDER_PAYEE';
UPDATE required_documents SET orthodontic_installment = 'ALWAYS', version = version + 1, updated_at = now() WHERE document_type = 'PAYMENT_RECEIPT' AND orthodontic_installment = 'HOLDER_PAYEE';
UPDATE required_documents SET orthodontic_initial = 'ALWAYS', version = version + 1, updated_at = now() WHERE document_type = 'PRIOR_AUTHORIZATION' AND orthodontic_initial = 'NEVER';
