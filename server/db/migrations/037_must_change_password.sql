-- A password an administrator gave (research 2.12 debe_cambiar_password) is known to two people: its owner must
-- choose their own at the first sign-in before doing anything else. Accounts made before this keep working.
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
