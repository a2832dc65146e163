-- In a UTF8 database, as a superuser (CREATE EXTENSION installs C functions).
CREATE EXTENSION IF NOT EXISTS u8guard;
-- The accounts table the extension ships (shown below).
\ir ../../../integrations/postgresql/examples/accounts.sql

INSERT INTO accounts (name) VALUES ('admin'), ('paypal');
INSERT INTO accounts (name) VALUES ('ＡＤＭＩＮ');  -- fails: accounts_key
INSERT INTO accounts (name) VALUES ('pаypal');  -- fails: a look-alike
INSERT INTO accounts (name) VALUES ('paypaI');  -- fails too: a capital i
INSERT INTO accounts (name) VALUES (U&'al\200Bice');  -- fails: the CHECK
SELECT rule, byte_offset FROM u8guard_rejection(U&'al\200Bice', 'username-case-mapped');

-- Sign-in: the key index finds the account.
SELECT id, name FROM accounts
WHERE u8guard_key(name, 'username-case-mapped') =
      u8guard_key('Admin', 'username-case-mapped');
