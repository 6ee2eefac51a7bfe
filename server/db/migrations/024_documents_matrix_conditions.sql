-- Research 4.3's matrix rows that had no condition to say them:
--   AUTORIZACIÓN_PREVIA "if R14 applies": PREAUTHORIZATION, the claim rests on a granted pre-authorisation
--   that one of its lines needs (an implant, or a charge above the threshold);
--   "Desglose coste laboratorio — Y for prosthesis": PROSTHETIC, a removable (D5xxx) or fixed (D62xx–D67xx)
--   prosthodontic line, with the laboratory breakdown as a document type of its own.
-- "COMPROBANTE_PAGO if the invoice is not marked paid" stays HOLDER_PAYEE: a claim records no paid mark on
-- its invoice, and a holder reimbursed is one who paid.
ALTER TABLE required_documents
  DROP CONSTRAINT required_documents_general_check,
  DROP CONSTRAINT required_documents_orthodontic_initial_check,
  DROP CONSTRAINT required_documents_orthodontic_installment_check,
  ADD CONSTRAINT required_documents_general_check CHECK (general IN ('ALWAYS', 'NEVER', 'BASIC_OR_MAJOR', 'OTHER_INSURER', 'HOLDER_PAYEE', 'RADIOGRAPHED', 'PREAUTHORIZATION', 'PROSTHETIC')),
  ADD CONSTRAINT required_documents_orthodontic_initial_check CHECK (orthodontic_initial IN ('ALWAYS', 'NEVER', 'BASIC_OR_MAJOR', 'OTHER_INSURER', 'HOLDER_PAYEE', 'RADIOGRAPHED', 'PREAUTHORIZATION', 'PROSTHETIC')),
  ADD CONSTRAINT required_documents_orthodontic_installment_check CHECK (orthodontic_installment IN ('ALWAYS', 'NEVER', 'BASIC_OR_MAJOR', 'OTHER_INSURER', 'HOLDER_PAYEE', 'RADIOGRAPHED', 'PREAUTHORIZATION', 'PROSTHETIC'));

UPDATE required_documents SET general = 'PREAUTHORIZATION' WHERE document_type = 'PRIOR_AUTHORIZATION' AND general = 'NEVER';

-- The breakdown goes before OTHER, which stays last in the list of missing documents.
UPDATE required_documents SET position = 13 WHERE document_type = 'OTHER';
INSERT INTO required_documents (document_type, position, general, orthodontic_initial, orthodontic_installment)
  VALUES ('LAB_BREAKDOWN', 12, 'PROSTHETIC', 'NEVER', 'NEVER')
ON CONFLICT (document_type) DO NOTHING;
