-- Sign-ups decided by u8guard_registration(): one row per account, holding
-- the record u8guard computed for its name, with the key unique, every
-- look-alike key unique and the verdict checked. Needs CREATE EXTENSION
-- u8guard (0.2 or later) in schema public. What an INSERT or a rename can
-- fail with:
--   23514 members_verdict           the verdict is not 'accepted': the
--                                    profile rejects the name, it is a
--                                    protected name (admin, root, support...)
--                                    or looks like one, or it mixes scripts;
--                                    SELECT * FROM u8guard_registration($1,
--                                    'username-case-mapped') says which
--   23505 members_key               taken: ADMIN, ＡＤＭＩＮ and admin are one
--   23505 member_lookalikes_pkey    looks like a taken name (pаypal, rnike,
--                                    paypaI with a capital i)
-- The stored keys say which u8guard, ICU and Unicode computed them
-- (version_tag): after an upgrade, recompute the rows whose tag differs.
CREATE TABLE public.members (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,  -- as typed
  -- The record, filled by members_record() from the name.
  verdict text,
  enforced text,       -- as stored and shown
  key text CONSTRAINT members_key UNIQUE,
  lookalike_keys text[],  -- each held once, in member_lookalikes
  restriction_level text,
  scripts text[],
  display text,        -- 'as_typed', or 'escaped': show it escaped
  version_tag text,
  CONSTRAINT members_verdict CHECK (verdict = 'accepted' AND key IS NOT NULL));

CREATE TABLE public.member_lookalikes (
  lookalike_key text CONSTRAINT member_lookalikes_pkey PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES public.members (id) ON DELETE CASCADE);
CREATE INDEX ON public.member_lookalikes (member_id);

-- Computes the record of a new or renamed account.
CREATE FUNCTION public.members_record() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
  DECLARE
    r public.u8guard_registration :=
      public.u8guard_registration(NEW.name, 'username-case-mapped');
  BEGIN
    NEW.verdict := r.verdict;
    NEW.enforced := r.enforced;
    NEW.key := r.key;
    NEW.lookalike_keys := r.lookalike_keys;
    NEW.restriction_level := r.restriction_level;
    NEW.scripts := r.scripts;
    NEW.display := r.display;
    NEW.version_tag := r.version_tag;
    RETURN NEW;
  END $$;
CREATE TRIGGER members_record
  BEFORE INSERT OR UPDATE OF name ON public.members
  FOR EACH ROW EXECUTE FUNCTION public.members_record();

-- Claims the look-alike keys of a new or renamed account.
CREATE FUNCTION public.members_claim_lookalikes() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
  BEGIN
    IF TG_OP = 'UPDATE' THEN
      DELETE FROM public.member_lookalikes WHERE member_id = OLD.id;
    END IF;
    INSERT INTO public.member_lookalikes
      SELECT k, NEW.id FROM unnest(NEW.lookalike_keys) k;
    RETURN NULL;
  END $$;
CREATE TRIGGER members_claim_lookalikes
  AFTER INSERT OR UPDATE OF name ON public.members
  FOR EACH ROW EXECUTE FUNCTION public.members_claim_lookalikes();
