-- Research 4.3 asks a general claim for the payment receipt (COMPROBANTE_PAGO) "if the factura is not marked
-- paid". Until now a claim recorded no such mark, so the general column stood in with HOLDER_PAYEE (a holder
-- reimbursed is one who paid). The claim's invoice now carries the mark, and the matrix its own condition,
-- INVOICE_NOT_PAID: the receipt is asked for exactly when the invoice is not marked paid, whoever is paid —
-- the research ties the receipt to the invoice alone, and an invoice stamped paid proves the payment itself.
-- Existing claims start unmarked: nobody has said their invoices were marked paid.
ALTER TABLE reimbursements
  ADD COLUMN invoice_paid boolean NOT NULL DEFAULT false;

ALTER TABLE required_documents
  DROP CONSTRAINT required_documents_general_check,
  DROP CONSTRAINT required_documents_orthodontic_initial_check,
  DROP CONSTRAINT required_documents_orthodontic_installment_check,
  ADD CONSTRAINT required_documents_general_check CHECK (general IN ('ALWAYS', 'NEVER', 'BASIC_OR_MAJOR', 'OTHER_INSURER', 'HOLDER_PAYEE', 'INVOICE_NOT_PAID', 'RADIOGRAPHED', 'PREAUTHORIZATION', 'PROSTHETIC')),
  ADD CONSTRAINT required_documents_orthodontic_initial_check CHECK (orthodontic_initial IN ('ALWAYS', 'NEVER', 'BASIC_OR_MAJOR', 'OTHER_INSURER', 'HOLDER_PAYEE', 'INVOICE_NOT_PAID', 'RADIOGRAPHED', 'PREAUTHORIZATION', 'PROSTHETIC')),
  ADD CONSTRAINT required_documents_orthodontic_installment_check CHECK (orthodontic_installment IN ('ALWAYS', 'NEVER', 'BASIC_OR_MAJOR', 'OTHER_INSURER', 'HOLDER_PAYEE', 'INVOICE_NOT_PAID', 'RADIOGRAPHED', 'PREAUTHORIZATION', 'PROSTHETIC'));

-- Only the cell still at what migrations 011 and 026 left is changed: an administrator's edit stands.
UPDATE required_documents SET general = 'INVOICE_NOT_PAID', version = version + 1, updated_at = now() WHERE document_type = 'PAYMENT_RECEIPT' AND general = 'HOLDER_PAYEE';
