-- Accounts whose names are unique as users see them: one account per
-- name under the PRECIS profile UsernameCaseMapped (RFC 8265), and no
-- name that looks like another one, also where case hides it.
--
-- Run it in a database where CREATE EXTENSION u8guard (0.2 or later) was
-- run in schema public (replace "public." below if yours differs):
--   psql -d mydb -f accounts.sql
--
-- What the application sees when it inserts a name:
--   23514 check_violation, constraint accounts_name_valid: the profile
--         rejects it; SELECT * FROM public.u8guard_rejection($1,
--         'username-case-mapped') says why and where (byte offset);
--   23505 unique_violation, constraint accounts_key: the name is taken
--         ("ADMIN", "ＡＤＭＩＮ" and "admin" are one name; so are NFC and NFD
--         spellings, and "Kevin" with a Kelvin sign);
--   23505 unique_violation, constraint account_lookalikes_pkey: the name
--         looks like a taken one ("pаypal" with a Cyrillic а, "rnike" and
--         "mike", "paypaI" with a capital i and "paypal", "G00GLE" and
--         "GOOGLE").
-- Both unique constraints hold under any concurrency: of two sign-ups of
-- look-alike names at the same moment, one waits for the other and fails.
-- Look-alike keys refuse deliberately much ("rn" ~ "m", "l" ~ "1" ~ "I"):
-- they never grant access; sign-in looks an account up by its key.

CREATE TABLE public.accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- As the user typed it, and shown back as is.
  name text NOT NULL
    CONSTRAINT accounts_name_valid
    CHECK (public.u8guard_try_key(name, 'username-case-mapped') IS NOT NULL)
);

-- One account per comparison key; sign-in finds the account through it:
--   SELECT id FROM public.accounts
--   WHERE public.u8guard_key(name, 'username-case-mapped') =
--         public.u8guard_key($1, 'username-case-mapped');
CREATE UNIQUE INDEX accounts_key
  ON public.accounts (public.u8guard_key(name, 'username-case-mapped'));

-- Every look-alike key of every account, at most once: the UTS #39
-- skeletons of a name's key, of the name as typed and of its enforced form
-- (u8guard_lookalike_keys). Two names look alike exactly when they share
-- one, which is what `u8guard acl audit` reports.
CREATE TABLE public.account_lookalikes (
  lookalike_key text NOT NULL,
  account_id bigint NOT NULL
    REFERENCES public.accounts (id) ON DELETE CASCADE,
  CONSTRAINT account_lookalikes_pkey PRIMARY KEY (lookalike_key)
);
CREATE INDEX account_lookalikes_account
  ON public.account_lookalikes (account_id);

-- Claims a new or renamed account's look-alike keys; a key another account
-- holds fails the INSERT or UPDATE with account_lookalikes_pkey.
CREATE FUNCTION public.accounts_claim_lookalikes() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
  AS $$
  BEGIN
    IF TG_OP = 'UPDATE' THEN
      DELETE FROM public.account_lookalikes WHERE account_id = OLD.id;
    END IF;
    INSERT INTO public.account_lookalikes (lookalike_key, account_id)
      SELECT k, NEW.id
      FROM unnest(public.u8guard_lookalike_keys(NEW.name,
                                                'username-case-mapped')) k;
    RETURN NULL;
  END
  $$;

CREATE TRIGGER accounts_claim_lookalikes
  AFTER INSERT OR UPDATE OF name ON public.accounts
  FOR EACH ROW EXECUTE FUNCTION public.accounts_claim_lookalikes();
