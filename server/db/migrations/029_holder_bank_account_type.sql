-- Research 2.3 lists the account type (tipo_cuenta) with the bank, the account and its holder. Accounts stored
-- before have none recorded; it stays empty rather than guessed (an IBAN does not say it).
ALTER TABLE policyholders
  ADD COLUMN bank_account_type text CHECK (bank_account_type IN ('CHECKING', 'SAVINGS', 'OTHER'));
