-- Accounts whose names are unique as people see them (PRECIS
-- UsernameCaseMapped, RFC 8265), with look-alikes refused too, also where
-- case hides them. Needs CREATE EXTENSION u8guard (0.2 or later) in schema
-- public. What an INSERT or a rename can fail with:
--   23514 accounts_name_valid      the profile rejects the name
--                                   (u8guard_rejection says why and where)
--   23505 accounts_key             taken: ADMIN, ＡＤＭＩＮ and admin are one
--   23505 account_lookalikes_pkey  looks like a taken name: pаypal with a
--                                   Cyrillic а, rnike, paypaI with a capital i
-- Both hold under any concurrency. Look-alike keys never grant access:
-- sign-in looks the account up by u8guard_key.
CREATE TABLE public.accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL  -- as typed, and shown back as is
    CONSTRAINT accounts_name_valid
    CHECK (public.u8guard_try_key(name, 'username-case-mapped') IS NOT NULL));
CREATE UNIQUE INDEX accounts_key
  ON public.accounts (public.u8guard_key(name, 'username-case-mapped'));

-- Each look-alike key of each account, at most once: two names look alike
-- exactly when they share one, which is what `u8guard acl audit` reports.
CREATE TABLE public.account_lookalikes (
  lookalike_key text CONSTRAINT account_lookalikes_pkey PRIMARY KEY,
  account_id bigint NOT NULL
    REFERENCES public.accounts (id) ON DELETE CASCADE);
CREATE INDEX ON public.account_lookalikes (account_id);
CREATE FUNCTION public.accounts_claim_lookalikes() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
  BEGIN
    IF TG_OP = 'UPDATE' THEN
      DELETE FROM public.account_lookalikes WHERE account_id = OLD.id;
    END IF;
    INSERT INTO public.account_lookalikes
      SELECT k, NEW.id FROM unnest(public.u8guard_lookalike_keys(
        NEW.name, 'username-case-mapped')) k;
    RETURN NULL;
  END $$;
CREATE TRIGGER accounts_claim_lookalikes
  AFTER INSERT OR UPDATE OF name ON public.accounts
  FOR EACH ROW EXECUTE FUNCTION public.accounts_claim_lookalikes();
