-- Amounts are integers in the minor unit of their currency (ISO 4217 exponent: CLP and COP 0, EUR 2):
-- the amount defaults of research 4.1 (deductibles, maxima, the R13 approval threshold, the R14
-- pre-authorisation threshold) are kept per currency, each in that currency's minor unit, so a Chilean
-- annual maximum reads CLP 1.500.000 and not CLP 1.500. Their key is `<rule path>:<currency>`.
ALTER TABLE setting_defaults ADD COLUMN currency char(3) CHECK (currency ~ '^[A-Z]{3}$');

-- Research units are read as euros/dollars; `per_unit` is how many units of the currency make one of them
-- (a rounded purchasing-power figure, the same the demo data uses), `exponent` its ISO 4217 minor unit.
CREATE TEMPORARY TABLE currency_scale (currency char(3) PRIMARY KEY, per_unit integer NOT NULL, exponent integer NOT NULL) ON COMMIT DROP;
INSERT INTO currency_scale VALUES
  ('EUR', 1, 2), ('USD', 1, 2), ('MXN', 20, 2), ('CLP', 1000, 0), ('COP', 4500, 0), ('ARS', 1000, 2),
  ('PEN', 4, 2), ('UYU', 45, 2), ('DOP', 65, 2), ('GTQ', 8, 2), ('BOB', 7, 2), ('PYG', 8000, 0),
  ('CRC', 550, 2), ('HNL', 27, 2), ('NIO', 40, 2);

CREATE TEMPORARY TABLE amount_default (key text PRIMARY KEY, rule text NOT NULL, units integer NOT NULL, maximum_units integer NOT NULL) ON COMMIT DROP;
INSERT INTO amount_default
  SELECT key, rule, value / 100, maximum / 100 FROM setting_defaults WHERE unit = 'CENTS';
INSERT INTO amount_default VALUES
  ('approvalThresholdCents', 'R13', 1000, 1000000),
  ('preauthorizationAboveCents', 'R14', 300, 1000000);

INSERT INTO setting_defaults (key, rule, unit, currency, value, minimum, maximum)
  SELECT a.key || ':' || s.currency, a.rule, 'CENTS', s.currency,
         a.units::bigint * s.per_unit * (10 ^ s.exponent)::bigint,
         0,
         least(a.maximum_units::bigint * s.per_unit * (10 ^ s.exponent)::bigint, 2000000000)
    FROM amount_default a CROSS JOIN currency_scale s;
DELETE FROM setting_defaults WHERE unit = 'CENTS' AND currency IS NULL;
ALTER TABLE setting_defaults ADD CHECK ((unit = 'CENTS') = (currency IS NOT NULL));

-- R12: a claim sampled for medical review is approved only once a dental auditor has reviewed it.
ALTER TABLE reimbursements ADD COLUMN medical_reviewed_by integer REFERENCES users(id);
ALTER TABLE reimbursements ADD COLUMN medical_reviewed_at timestamptz;
