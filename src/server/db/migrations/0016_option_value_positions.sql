-- Option values now show in the owner's order (position) everywhere, where they showed by number first
-- (issue 12): each axis's values are numbered in the order they showed before, so no shop's pickers,
-- facets or variant matrix change order on upgrade.
UPDATE "option_values" AS ov SET "position" = ranked."n"
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "option_type_id" ORDER BY "sort_value" ASC NULLS LAST, "position", "label", "id") AS "n"
  FROM "option_values"
) AS ranked
WHERE ranked."id" = ov."id";
