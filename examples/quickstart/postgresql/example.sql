-- In a UTF8 database, as a superuser (CREATE EXTENSION installs C functions).
CREATE EXTENSION IF NOT EXISTS u8guard;

CREATE TABLE accounts (
  id bigserial PRIMARY KEY,
  name text NOT NULL  -- as the user typed it, shown back as is
    CHECK (u8guard_try_key(name, 'username-case-mapped') IS NOT NULL)
);
-- One account per key: admin, ADMIN and ＡＤＭＩＮ are one name.
CREATE UNIQUE INDEX accounts_key
  ON accounts (u8guard_key(name, 'username-case-mapped'));
-- No look-alikes: pаypal (Cyrillic а) and paypal, rnike and mike.
CREATE UNIQUE INDEX accounts_lookalike
  ON accounts (u8guard_skeleton(name, 'username-case-mapped'));

INSERT INTO accounts (name) VALUES ('admin'), ('paypal');
INSERT INTO accounts (name) VALUES ('ＡＤＭＩＮ');  -- fails: accounts_key
INSERT INTO accounts (name) VALUES ('pаypal');  -- fails: accounts_lookalike
INSERT INTO accounts (name) VALUES (U&'al\200Bice');  -- fails: the CHECK
SELECT rule, byte_offset FROM u8guard_rejection(U&'al\200Bice', 'username-case-mapped');

-- Sign-in: the key index finds the account.
SELECT id, name FROM accounts
WHERE u8guard_key(name, 'username-case-mapped') =
      u8guard_key('Admin', 'username-case-mapped');
