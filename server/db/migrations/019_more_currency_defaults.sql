-- The demo and scale data hold insurers in Venezuelan bolívares and Cuban pesos, whose amount defaults
-- migration 012 did not list; since an insurer's currency must have its own (insurer.currencyWithoutDefaults),
-- their patients' views and claims were refused. They get the US dollar's figures at a rounded
-- purchasing-power rate, like the others (both currencies have two decimals, as the dollar).
INSERT INTO setting_defaults (key, rule, unit, currency, value, minimum, maximum)
  SELECT split_part(d.key, ':', 1) || ':' || s.currency, d.rule, d.unit, s.currency,
         (d.value::bigint * s.per_unit)::integer, 0, least(d.maximum::bigint * s.per_unit, 2000000000)::integer
    FROM setting_defaults d CROSS JOIN (VALUES ('VES', 40), ('CUP', 120)) AS s (currency, per_unit)
   WHERE d.currency = 'USD'
ON CONFLICT (key) DO NOTHING;
