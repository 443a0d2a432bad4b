-- Whether a handle passes itself off as the team's: the rule of src/shared/handles.ts (impersonatesTeam),
-- which a test holds equal to this one. Look-alikes folded (0 o, 1 l i, 3 e, 4 a, 5 s, 7 t, 8 b, rn m);
-- long stems anywhere, underscores ignored, but for the ordinary words that hold one; short ones whole.
CREATE OR REPLACE FUNCTION "handle_impersonates_team"("handle" text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(replace("folded", '_', ''), 'badminton|ecosystem', '', 'g')
           ~ 'admin|moderator|officiai|staff|support|system|gardeningcommunity'
      OR "folded" ~ '(^|[_0-9])(mod|team|root)([_0-9]|$)'
  FROM (SELECT replace(translate(lower("handle"), '01l34578', 'oiieastb'), 'rn', 'm') AS "folded") AS "f"
$$;--> statement-breakpoint
-- A name whose handle would pass for the team's ("Admin", "Site Moderator") gets a neutral one:
-- gardener2, gardener3, ... ("gardener" itself is reserved).
CREATE OR REPLACE FUNCTION "handle_base"("name" text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  base text := coalesce("name", '');
BEGIN
  -- Accents first, so what is left is plain a-z that lower() knows in any locale.
  IF current_setting('server_encoding') = 'UTF8' THEN
    base := regexp_replace(normalize(base, NFKD), '[\u0300-\u036f]', '', 'g');
  END IF;
  base := trim(both '_' from regexp_replace(lower(base), '[^a-z0-9]+', '_', 'g'));
  base := trim(both '_' from left(base, 20));
  IF length(base) < 2 OR handle_impersonates_team(base) THEN
    base := 'gardener';
  END IF;
  RETURN base;
END;
$$;
