-- Research 4.1 R6 (frequencies) and R16 (dependents' ages) become defaults an administrator keeps in
-- Configuraciones, seeded with the values the engine held as constants. A frequency keeps its procedure
-- group and whether it counts per tooth; what varies between insurers is how many, over how long, and
-- under which age: `frequencies.<group>.count | .months | .ageUnder`. The ages are R16's: a child covered
-- up to `dependents.child`, up to `dependents.student` while a student, a spouse or partner from
-- `dependents.adult`.
INSERT INTO setting_defaults (key, rule, unit, value, minimum, maximum) VALUES
  ('frequencies.EXAM.count', 'R6', 'COUNT', 2, 1, 20),
  ('frequencies.PROPHYLAXIS.count', 'R6', 'COUNT', 2, 1, 20),
  ('frequencies.FLUORIDE.count', 'R6', 'COUNT', 2, 1, 20),
  ('frequencies.FLUORIDE.ageUnder', 'R6', 'YEARS', 18, 1, 99),
  ('frequencies.BITEWINGS.count', 'R6', 'COUNT', 1, 1, 20),
  ('frequencies.FULL_MOUTH_OR_PANORAMIC.count', 'R6', 'COUNT', 1, 1, 20),
  ('frequencies.FULL_MOUTH_OR_PANORAMIC.months', 'R6', 'MONTHS', 36, 1, 120),
  ('frequencies.SEALANT.count', 'R6', 'COUNT', 1, 1, 20),
  ('frequencies.SEALANT.months', 'R6', 'MONTHS', 60, 1, 120),
  ('frequencies.SEALANT.ageUnder', 'R6', 'YEARS', 15, 1, 99),
  ('dependents.child', 'R16', 'YEARS', 18, 1, 30),
  ('dependents.student', 'R16', 'YEARS', 24, 1, 30),
  ('dependents.adult', 'R16', 'YEARS', 18, 14, 30)
ON CONFLICT (key) DO NOTHING;

-- Research 2.2 makes the issue date (fecha_emision) required. Policies recorded before 028 never had one:
-- the day their validity began is the nearest the record itself says (a policy is issued by the day it
-- starts), so they take it, and from now on every policy has one.
UPDATE policies SET issued_on = starts_on WHERE issued_on IS NULL;
ALTER TABLE policies ALTER COLUMN issued_on SET NOT NULL;
