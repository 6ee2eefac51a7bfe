-- The surfaces of the tooth a reimbursement line treated (FDI tooth plus M, O, D, B, L, F, I), as the analyst
-- typed them with the tooth chart; read by the reviewer beside the tooth, not by the engine.
ALTER TABLE reimbursement_lines ADD COLUMN surfaces text CHECK (surfaces ~ '^[MODBLFI]{1,5}$');
